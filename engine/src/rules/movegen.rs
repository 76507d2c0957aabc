//! Legal moves and flips by shifts and masks over whole bitboards.
//!
//! Positions are side-relative: `p` holds the discs of the side to move, `o`
//! the opponent's. Both functions are written once over [`Geometry`]
//! constants; with `#[inline(always)]` and constant shift amounts each board
//! gets straight-line code with no loops, branches or tables of its own.

use crate::rules::geometry::{Dims, Geometry};

/// Shifts towards higher square numbers for positive `s`, lower for negative.
#[inline(always)]
fn shift(x: u64, s: i32) -> u64 {
    if s >= 0 {
        x << s
    } else {
        x >> -s
    }
}

/// Occluded fill (Kogge–Stone): `gen` plus every square reachable from it by
/// steps of `s` through `pro`, in `steps` doublings.
#[inline(always)]
fn fill(mut gen: u64, mut pro: u64, s: i32, steps: u32) -> u64 {
    let mut d = s;
    let mut k = 0;
    while k < steps {
        gen |= pro & shift(gen, d);
        pro &= shift(pro, d);
        d *= 2;
        k += 1;
    }
    gen
}

/// Squares where the side to move could play and flip along direction `s`.
#[inline(always)]
fn moves_dir(p: u64, pro: u64, s: i32, steps: u32) -> u64 {
    // `fill` keeps `p` itself; the squares just past a run of opponent discs
    // are moves, which is why `p` is taken out before the last step.
    shift(fill(p, pro, s, steps) & !p, s)
}

/// Discs flipped along direction `s` by a disc placed on `x`.
#[inline(always)]
fn flips_dir(p: u64, pro: u64, x: u64, s: i32, steps: u32) -> u64 {
    let run = fill(x, pro, s, steps);
    let closed = (shift(run, s) & p != 0) as u64;
    run & !x & closed.wrapping_neg()
}

/// Move generation for one board shape. The default methods are the generic
/// bitboard code; a shape may override them with something faster.
pub trait MoveGen: Geometry {
    /// Legal moves of the side to move as a bitboard.
    #[inline(always)]
    fn moves(p: u64, o: u64) -> u64 {
        Self::moves_by_fill(p, o)
    }

    /// [`Self::moves`] by occluded fills, direction after direction: every
    /// board's code, and the reference for a faster one.
    #[inline(always)]
    fn moves_by_fill(p: u64, o: u64) -> u64 {
        let c = Self::COLS as i32;
        let empty = !(p | o) & Self::FULL;
        let oh = o & Self::INNER_COLS;
        let (sr, sc, sd) = (Self::STEPS_ROW, Self::STEPS_COL, Self::STEPS_DIAG);
        let m = moves_dir(p, oh, 1, sr)
            | moves_dir(p, oh, -1, sr)
            | moves_dir(p, o, c, sc)
            | moves_dir(p, o, -c, sc)
            | moves_dir(p, oh, c + 1, sd)
            | moves_dir(p, oh, -c - 1, sd)
            | moves_dir(p, oh, c - 1, sd)
            | moves_dir(p, oh, -c + 1, sd);
        m & empty
    }

    /// The squares beyond each square in each direction, up to the edge:
    /// four rays towards higher square numbers, then four towards lower.
    const RAYS: [[u64; 8]; 64] = rays(Self::ROWS, Self::COLS);

    /// Discs flipped when the side to move plays on square `sq`. Only
    /// meaningful for a legal move; an illegal square flips nothing.
    ///
    /// One square, not a whole board: each ray's run of opponent discs is
    /// found in a few instructions, without the fills [`Self::moves`] needs.
    /// Towards higher squares, adding the ray's first square to the
    /// opponent's discs (every square off the ray set) carries through the
    /// run and stops on the first square that ends it; towards lower
    /// squares, the highest ray square that is not the opponent's ends it.
    /// The run flips if that square is the mover's.
    #[inline(always)]
    fn flips(p: u64, o: u64, sq: u32) -> u64 {
        let rays = &Self::RAYS[sq as usize];
        let mut f = 0;
        let mut d = 0;
        while d < 4 {
            let ray = rays[d];
            let first = ray & ray.wrapping_neg();
            let outflank = (o | !ray).wrapping_add(first) & ray & p;
            f |= outflank.wrapping_sub((outflank != 0) as u64) & ray;
            d += 1;
        }
        while d < 8 {
            let ray = rays[d];
            let end = (1u64 << 63).checked_shr((ray & !o).leading_zeros()).unwrap_or(0) & p;
            f |= end.wrapping_neg().wrapping_shl(1) & ray;
            d += 1;
        }
        f
    }

    /// Discs flipped by the side owning `p` playing on `sq` when `sq` is the
    /// board's one empty square: the opponent has every other square.
    #[inline(always)]
    fn last_flip_count(p: u64, sq: u32) -> u32 {
        Self::flips(p, Self::FULL ^ p ^ (1u64 << sq), sq).count_ones()
    }

    /// The reference for [`Self::flips`]: occluded fills from the square.
    #[inline(always)]
    fn flips_by_fill(p: u64, o: u64, sq: u32) -> u64 {
        let c = Self::COLS as i32;
        let x = 1u64 << sq;
        let oh = o & Self::INNER_COLS;
        let (sr, sc, sd) = (Self::STEPS_ROW, Self::STEPS_COL, Self::STEPS_DIAG);
        flips_dir(p, oh, x, 1, sr)
            | flips_dir(p, oh, x, -1, sr)
            | flips_dir(p, o, x, c, sc)
            | flips_dir(p, o, x, -c, sc)
            | flips_dir(p, oh, x, c + 1, sd)
            | flips_dir(p, oh, x, -c - 1, sd)
            | flips_dir(p, oh, x, c - 1, sd)
            | flips_dir(p, oh, x, -c + 1, sd)
    }
}

/// [`MoveGen::RAYS`] for a board of `rows` × `cols`.
const fn rays(rows: usize, cols: usize) -> [[u64; 8]; 64] {
    // (row step, column step): towards higher square numbers first.
    const DIRS: [(i32, i32); 8] = [(0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1)];
    let mut out = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < rows * cols {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = DIRS[d];
            let (mut r, mut c) = ((sq / cols) as i32 + dr, (sq % cols) as i32 + dc);
            while r >= 0 && r < rows as i32 && c >= 0 && c < cols as i32 {
                out[sq][d] |= 1u64 << (r as usize * cols + c as usize);
                r += dr;
                c += dc;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

/// What the shared node search needs of a game's rules: the legal moves of
/// the side to move as a bitboard, and the stones a move turns over. Every
/// Othello board has it through [`MoveGen`]; Score Four (`crate::four`),
/// where a move turns nothing over, has its own.
pub trait MoveRules: Copy + Send + Sync + 'static {
    /// The legal moves of `p` against `o`.
    fn legal(p: u64, o: u64) -> u64;
    /// The discs of `o` that a move of `p` on `sq` turns.
    fn flipped(p: u64, o: u64, sq: u32) -> u64;
}

impl<T: MoveGen> MoveRules for T {
    #[inline(always)]
    fn legal(p: u64, o: u64) -> u64 {
        <T as MoveGen>::moves(p, o)
    }

    #[inline(always)]
    fn flipped(p: u64, o: u64, sq: u32) -> u64 {
        <T as MoveGen>::flips(p, o, sq)
    }
}

macro_rules! generic_movegen {
    ($(($r:literal, $c:literal)),* $(,)?) => {
        $(impl MoveGen for Dims<$r, $c> {})*
    };
}

generic_movegen!(
    (4, 4), (4, 6), (6, 4), (4, 8), (8, 4), (6, 6), (4, 10), (10, 4), (6, 8), (8, 6),
    (4, 12), (12, 4), (6, 10), (10, 6), (4, 14), (14, 4), (4, 16), (16, 4),
);

/// The standard board counts the last move's flips from tables, and finds
/// its moves several directions at a time: four with AVX2 on x86-64, two
/// pairs with wasm's SIMD.
impl MoveGen for Dims<8, 8> {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    fn moves(p: u64, o: u64) -> u64 {
        moves_8x8_avx2(p, o)
    }

    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    #[inline(always)]
    fn moves(p: u64, o: u64) -> u64 {
        moves_8x8_simd128(p, o)
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    fn flips(p: u64, o: u64, sq: u32) -> u64 {
        flips_8x8_avx2(p, o, sq)
    }

    #[inline(always)]
    fn last_flip_count(p: u64, sq: u32) -> u32 {
        crate::rules::last_flips::count_8x8(p, sq)
    }
}

/// The 8×8 moves with the four directions (along a row, a column and both
/// diagonals) in the four lanes of a 256-bit register, each shifted by its
/// own amount, both ways: the same occluded fills as
/// [`MoveGen::moves_by_fill`] in a quarter of the instructions. Move
/// generation is the solver's hottest code (every node, every child's
/// fastest-first key, twice per probe leaf).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn moves_8x8_avx2(p: u64, o: u64) -> u64 {
    use std::arch::x86_64::*;
    // SAFETY: AVX2 is enabled for the whole build (the cfg above), so
    // these instructions exist on every CPU the binary runs on.
    unsafe {
        const INNER: i64 = <Dims<8, 8>>::INNER_COLS as i64;
        // Lanes: a row (1), a column (8), the two diagonals (9, 7). Runs
        // along a row or a diagonal may not wrap from one edge column to
        // the other, so the opponent's edge columns are masked off there.
        let s1 = _mm256_set_epi64x(7, 9, 8, 1);
        let s2 = _mm256_add_epi64(s1, s1);
        let s4 = _mm256_add_epi64(s2, s2);
        let pp = _mm256_set1_epi64x(p as i64);
        let oo = _mm256_and_si256(_mm256_set1_epi64x(o as i64), _mm256_set_epi64x(INNER, INNER, -1, INNER));
        // The squares one step past a run of the opponent's discs from
        // the mover's, by `shift` (towards higher or lower squares): the
        // occluded fill in doublings 1, 2, 4 of each lane's step, the
        // mover's discs then taken out so that they are no run.
        let past_runs = |shift: fn(__m256i, __m256i) -> __m256i| {
            let g = _mm256_or_si256(pp, _mm256_and_si256(oo, shift(pp, s1)));
            let pro2 = _mm256_and_si256(oo, shift(oo, s1));
            let g = _mm256_or_si256(g, _mm256_and_si256(pro2, shift(g, s2)));
            let pro4 = _mm256_and_si256(pro2, shift(pro2, s2));
            let g = _mm256_or_si256(g, _mm256_and_si256(pro4, shift(g, s4)));
            shift(_mm256_andnot_si256(pp, g), s1)
        };
        let m = _mm256_or_si256(
            past_runs(|x, s| _mm256_sllv_epi64(x, s)),
            past_runs(|x, s| _mm256_srlv_epi64(x, s)),
        );
        let m = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256::<1>(m));
        let m = _mm_or_si128(m, _mm_unpackhi_epi64(m, m));
        _mm_cvtsi128_si64(m) as u64 & !(p | o)
    }
}

/// [`MoveGen::flips`]'s rays four at a time: the four towards higher
/// squares in one 256-bit register, the four towards lower in another. The
/// higher ones carry through the run as the scalar code does; the lower
/// ones, having no vector leading-zero count, find the ray's highest square
/// that is not the opponent's by a fill along each lane's own step (1, 7,
/// 8, 9; doublings 1, 2, 4 reach the longest ray). FFO #40-#49 takes 9 %
/// less time (engine/MEASUREMENTS.md, "Flips four rays at a time, and the
/// table's reach moved up").
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn flips_8x8_avx2(p: u64, o: u64, sq: u32) -> u64 {
    use std::arch::x86_64::*;
    let rays = &<Dims<8, 8> as MoveGen>::RAYS[sq as usize];
    // SAFETY: AVX2 is enabled for the whole build (the cfg above); the two
    // unaligned loads read the eight rays of one square, in bounds.
    unsafe {
        let up = _mm256_loadu_si256(rays.as_ptr() as *const __m256i);
        let down = _mm256_loadu_si256(rays.as_ptr().add(4) as *const __m256i);
        let pp = _mm256_set1_epi64x(p as i64);
        let oo = _mm256_set1_epi64x(o as i64);
        let zero = _mm256_setzero_si256();
        let ones = _mm256_cmpeq_epi64(zero, zero);
        // Towards higher squares: the ray's first square added to the
        // opponent's discs (and every square off the ray) carries to the
        // square that ends the run; the run flips if the mover holds it.
        let first = _mm256_and_si256(up, _mm256_sub_epi64(zero, up));
        let carried = _mm256_add_epi64(_mm256_or_si256(oo, _mm256_xor_si256(up, ones)), first);
        let outflank = _mm256_and_si256(_mm256_and_si256(carried, up), pp);
        let open = _mm256_cmpeq_epi64(outflank, zero);
        let higher = _mm256_andnot_si256(open, _mm256_and_si256(_mm256_add_epi64(outflank, ones), up));
        // Towards lower squares: the ray's squares not the opponent's,
        // filled downwards along the lane's step; the one no other covers
        // is the highest, and ends the run.
        let s1 = _mm256_set_epi64x(9, 8, 7, 1);
        let s2 = _mm256_add_epi64(s1, s1);
        let s4 = _mm256_add_epi64(s2, s2);
        let ends = _mm256_andnot_si256(oo, down);
        let below = _mm256_or_si256(ends, _mm256_srlv_epi64(ends, s1));
        let below = _mm256_or_si256(below, _mm256_srlv_epi64(below, s2));
        let below = _mm256_or_si256(below, _mm256_srlv_epi64(below, s4));
        let end = _mm256_and_si256(_mm256_andnot_si256(_mm256_srlv_epi64(below, s1), ends), pp);
        let lower = _mm256_and_si256(_mm256_slli_epi64::<1>(_mm256_sub_epi64(zero, end)), down);
        let f = _mm256_or_si256(higher, lower);
        let f = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256::<1>(f));
        let f = _mm_or_si128(f, _mm_unpackhi_epi64(f, f));
        _mm_cvtsi128_si64(f) as u64
    }
}

/// The 8×8 moves in wasm's 128-bit vectors, whose two 64-bit lanes shift
/// by one common amount: lane 1 holds the board mirrored top to bottom (its
/// bytes, the rows, reversed), where a step towards higher squares is a
/// step up the real board. So one fill per step (a column, either
/// diagonal) serves both its directions; the two along a row stay scalar.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn moves_8x8_simd128(p: u64, o: u64) -> u64 {
    use std::arch::wasm32::*;
    const INNER: u64 = <Dims<8, 8>>::INNER_COLS;
    /// Lane 0 as it is, lane 1's rows reversed (an involution).
    #[inline(always)]
    fn mirror_lane1(v: v128) -> v128 {
        i8x16_shuffle::<0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8>(v, v)
    }
    /// Squares one step of `S` past a run of `pro` from `pp`, towards
    /// higher squares in each lane: occluded fill in doublings 1, 2, 4.
    #[inline(always)]
    fn past_runs<const S: u32>(pp: v128, pro: v128) -> v128 {
        let g = v128_or(pp, v128_and(pro, i64x2_shl(pp, S)));
        let pro2 = v128_and(pro, i64x2_shl(pro, S));
        let g = v128_or(g, v128_and(pro2, i64x2_shl(g, 2 * S)));
        let pro4 = v128_and(pro2, i64x2_shl(pro2, 2 * S));
        let g = v128_or(g, v128_and(pro4, i64x2_shl(g, 4 * S)));
        i64x2_shl(v128_andnot(g, pp), S)
    }
    let pp = mirror_lane1(u64x2_splat(p));
    let oo = mirror_lane1(u64x2_splat(o));
    // Runs along a row or a diagonal may not wrap from one edge column to
    // the other; the mirror keeps columns where they are.
    let oh = v128_and(oo, u64x2_splat(INNER));
    let m = v128_or(past_runs::<8>(pp, oo), v128_or(past_runs::<9>(pp, oh), past_runs::<7>(pp, oh)));
    let m = mirror_lane1(m);
    let steps = u64x2_extract_lane::<0>(m) | u64x2_extract_lane::<1>(m);
    let oh = o & INNER;
    let row_steps = <Dims<8, 8>>::STEPS_ROW;
    (steps | moves_dir(p, oh, 1, row_steps) | moves_dir(p, oh, -1, row_steps)) & !(p | o)
}

/// Iterates over the set bits of a bitboard as square numbers, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

#[cfg(test)]
mod tests {
    use super::*;

    type G8 = Dims<8, 8>;

    #[test]
    fn othello_start_moves() {
        // d4 = 27 white, e4 = 28 black, d5 = 35 black, e5 = 36 white.
        let black = (1 << 28) | (1 << 35);
        let white = (1 << 27) | (1 << 36);
        let m = G8::moves(black, white);
        // d3 = 19, c4 = 26, f5 = 37, e6 = 44.
        assert_eq!(m, (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44));
        assert_eq!(G8::flips(black, white, 19), 1 << 27);
        assert_eq!(G8::flips(black, white, 37), 1 << 36);
        assert_eq!(G8::flips(black, white, 0), 0);
    }

    #[test]
    fn no_wrap_around_edges() {
        // Black on h1 (7), white on a2 (8): adjacent bits, but not neighbours.
        let black = 1 << 7;
        let white = 1 << 8;
        assert_eq!(G8::moves(black, white), 0);
    }

    #[test]
    fn long_row_on_4x16() {
        type G = Dims<4, 16>;
        // Black on a1, white b1..o1, p1 empty: one move flipping 14 discs.
        let black = 1u64;
        let white = 0x7FFE;
        assert_eq!(G::moves(black, white), 1 << 15);
        assert_eq!(G::flips(black, white, 15), white);
    }

    /// The ray flips agree with the fills on random boards of every shape
    /// (legal squares or not).
    #[test]
    fn ray_flips_match_fill_flips() {
        fn check<G: MoveGen>() {
            let mut rng = crate::rng::Rng::new(G::SQUARES as u64);
            for _ in 0..2000 {
                // Opponent-heavy, so that long runs occur.
                let (a, b, c) = (rng.next() & G::FULL, rng.next() & G::FULL, rng.next());
                let (p, o) = (a & !b & c, (b | !c) & G::FULL & !(a & !b & c));
                for sq in 0..G::SQUARES as u32 {
                    if (p | o) >> sq & 1 == 0 {
                        assert_eq!(G::flips(p, o, sq), G::flips_by_fill(p, o, sq), "{}x{} sq {sq}", G::ROWS, G::COLS);
                    }
                }
            }
        }
        check::<Dims<4, 4>>();
        check::<Dims<6, 6>>();
        check::<Dims<8, 8>>();
        check::<Dims<4, 16>>();
        check::<Dims<16, 4>>();
        check::<Dims<6, 10>>();
        check::<Dims<10, 6>>();
    }

    /// The 8×8 moves (four directions at a time where the CPU allows)
    /// agree with the fills direction by direction on random boards.
    #[test]
    fn moves_match_fills_on_8x8() {
        let mut rng = crate::rng::Rng::new(88);
        for i in 0..200_000 {
            let (a, b) = (rng.next(), rng.next());
            // Sparse, dense and opponent-heavy boards in turn.
            let (p, o) = match i % 3 {
                0 => (a & b, !a & b & rng.next()),
                1 => (a, !a & b),
                _ => (a & b & rng.next(), !(a & b & rng.next()) & rng.next() | b),
            };
            let o = o & !p;
            assert_eq!(G8::moves(p, o), G8::moves_by_fill(p, o), "p {p:#x} o {o:#x}");
        }
    }

    #[test]
    fn squares_iterates_bits() {
        assert_eq!(Squares(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(Squares(0).len(), 0);
    }
}
