//! A small seeded random generator for openings, random players and
//! sampling: reproducible everywhere, including the browser.

use crate::rules::movegen::Squares;

/// A small seeded generator (xorshift64*), enough for openings and sampling.
/// Its state serializes, so a long job can resume the same stream.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`: the same seed gives the same numbers.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    // An endless stream: Iterator's Option would only be unwrapped.
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in 0..n.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next() >> 32) * n) >> 32
    }

    /// One set bit of `x` (non-zero), uniformly.
    pub fn pick(&mut self, x: u64) -> u32 {
        let k = self.below(x.count_ones() as u64) as usize;
        Squares(x).nth(k).expect("k < popcount")
    }

    /// A uniformly random square of the set bits of a position's bitboard `x` (not empty).
    pub fn pick_square(&mut self, x: u64) -> crate::rules::square::Square {
        crate::rules::square::Square::of_bit(self.pick(x))
    }
}

