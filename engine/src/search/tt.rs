//! The transposition table: a fixed array of small packed entries, sized by
//! the user, lock-free and shareable by every thread. Each slot stores the
//! key XORed with the data, so a torn write (two threads storing at once)
//! only makes the slot fail its key check: a race can cost a lookup, never
//! give a wrong bound.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use crate::pages::Pages;

/// "No move" in an entry.
pub const NO_MOVE: u8 = u8::MAX;

/// What the table knows of a position: bounds on its value (for the side to
/// move) from a search of `depth` plies (for exact solves, the empties) at
/// `selectivity` (0 = none: the bounds are proven).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The lower bound proven.
    pub lower: i16,
    /// The upper bound proven.
    pub upper: i16,
    /// The best move found, as a square index.
    pub best: u8,
    /// The depth searched.
    pub depth: u8,
    /// The selectivity it was searched at.
    pub selectivity: u8,
}

impl Entry {
    fn pack(self, generation: u8) -> u64 {
        (self.lower as u16 as u64)
            | (self.upper as u16 as u64) << 16
            | (self.best as u64) << 32
            | (self.depth as u64) << 40
            | (self.selectivity as u64) << 48
            | (generation as u64) << 56
    }

    fn unpack(data: u64) -> (Entry, u8) {
        (
            Entry {
                lower: data as u16 as i16,
                upper: (data >> 16) as u16 as i16,
                best: (data >> 32) as u8,
                depth: (data >> 40) as u8,
                selectivity: (data >> 48) as u8,
            },
            (data >> 56) as u8,
        )
    }
}

/// Two slots per bucket: one kept for the deepest search, one always replaced.
const SLOTS: usize = 2;
/// Bytes per bucket: each slot is two `u64`s (key ^ data, data).
pub const BUCKET_BYTES: usize = SLOTS * 16;

/// The table of searched positions that every thread of a search shares
/// without locks: two entries a bucket, one kept for the deepest search,
/// one always replaced.
pub struct TranspositionTable {
    /// `buckets * SLOTS` slots of two words each.
    words: Pages<AtomicU64>,
    buckets: u64,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of exactly `bytes` bytes (rounded down to whole buckets, at
    /// least one bucket).
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let buckets = (bytes / BUCKET_BYTES).max(1);
        let words = Pages::zeroed(buckets * SLOTS * 2);
        TranspositionTable { words, buckets: buckets as u64, generation: AtomicU8::new(1) }
    }

    /// A table of `mib` MiB.
    pub fn with_mib(mib: usize) -> TranspositionTable {
        TranspositionTable::with_bytes(mib << 20)
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Relaxed);
        }
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed);
        self.generation.store(if g == u8::MAX { 1 } else { g + 1 }, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any bucket count, so the table
        // can have exactly the size asked, not a power of two.
        #[cfg(target_pointer_width = "64")]
        let bucket = ((key as u128 * self.buckets as u128) >> 64) as usize;
        // wasm32 has no 64x64 -> 128-bit multiply (it calls a routine for
        // one at every probe); its tables have under 2^32 buckets, so the
        // key's top half times the count fits in 64 bits.
        #[cfg(not(target_pointer_width = "64"))]
        let bucket = (((key >> 32) * self.buckets) >> 32) as usize;
        bucket * SLOTS * 2
    }

    /// Asks the memory system for `key`'s bucket ahead of a probe, so that
    /// several probes' cache misses overlap instead of queueing (a hint
    /// only: no effect where the target has no prefetch).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let at = self.words.as_ptr().wrapping_add(self.bucket(key)) as *const i8;
            // SAFETY: a prefetch never faults and reads nothing; the
            // address is inside the table anyway.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let base = self.bucket(key);
        for s in 0..SLOTS {
            let k = self.words[base + 2 * s].load(Relaxed);
            let d = self.words[base + 2 * s + 1].load(Relaxed);
            if k ^ d == key && d != 0 {
                return Some(Entry::unpack(d).0);
            }
        }
        None
    }

    /// Stores `entry` for `key`, replacing by depth.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let generation = self.generation.load(Relaxed);
        let base = self.bucket(key);
        let mut entry = entry;
        // Same position: replace it only with something at least as good
        // (as Stockfish's `TTEntry::save`), keeping its move if the new
        // store has none. Otherwise slot 0 keeps the deeper (or newer)
        // search and slot 1 takes whatever arrives.
        let mut target = None;
        for s in 0..SLOTS {
            let k = self.words[base + 2 * s].load(Relaxed);
            let d = self.words[base + 2 * s + 1].load(Relaxed);
            if k ^ d == key && d != 0 {
                let (old, g) = Entry::unpack(d);
                if g == generation && !entry.replaces(&old) {
                    return;
                }
                if entry.best == NO_MOVE {
                    entry.best = old.best;
                }
                target = Some(s);
                break;
            }
        }
        let data = entry.pack(generation);
        let s = target.unwrap_or_else(|| {
            let d0 = self.words[base + 1].load(Relaxed);
            let (e0, g0) = Entry::unpack(d0);
            if d0 == 0 || g0 != generation || e0.depth <= entry.depth {
                // Move the old slot-0 entry to slot 1 rather than lose it.
                let k0 = self.words[base].load(Relaxed);
                self.words[base + 2].store(k0, Relaxed);
                self.words[base + 3].store(d0, Relaxed);
                0
            } else {
                1
            }
        });
        self.words[base + 2 * s].store(key ^ data, Relaxed);
        self.words[base + 2 * s + 1].store(data, Relaxed);
    }
}

impl Entry {
    fn exact(&self) -> bool {
        self.lower == self.upper
    }

    /// Whether this entry should replace `old`, for the same position and
    /// search: a deeper search, or a less selective one, or at the same
    /// depth and selectivity anything but a bound replacing an exact value.
    /// (At the same depth a search has already merged the old bounds into
    /// its own.) A shallower store, such as ProbCut's reduced search of the
    /// same node, never overwrites a deeper one.
    fn replaces(&self, old: &Entry) -> bool {
        let quality = |e: &Entry| (e.depth, std::cmp::Reverse(e.selectivity));
        match quality(self).cmp(&quality(old)) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => self.exact() || !old.exact(),
        }
    }
}

/// The table key of side-relative (`p`, `o`); `seed` separates boards,
/// scoring rules and kinds of search that share one table.
#[inline(always)]
pub fn hash(p: u64, o: u64, seed: u64) -> u64 {
    // Each half through a full 64-bit mixer before they meet, so that no
    // simple relation between two positions' discs carries into their keys.
    // The seed is added after the first mix, not XORed into the discs: with
    // `p ^ seed`, position (p, o) of one rule had the key of (p ^ s1 ^ s2, o)
    // of the other.
    mix(mix(p).wrapping_add(seed) ^ o)
}

/// The splitmix64 finaliser: every input bit affects every output bit.
#[inline(always)]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_exactly_the_size_asked() {
        assert_eq!(TranspositionTable::with_mib(1).bytes(), 1 << 20);
        assert_eq!(TranspositionTable::with_mib(3).bytes(), 3 << 20);
    }

    #[test]
    fn stores_and_finds() {
        let tt = TranspositionTable::with_bytes(4096);
        let e = Entry { lower: -12, upper: 30, best: 19, depth: 20, selectivity: 0 };
        let k = hash(1, 2, 0);
        assert_eq!(tt.probe(k), None);
        tt.store(k, e);
        assert_eq!(tt.probe(k), Some(e));
        assert_eq!(tt.probe(hash(2, 1, 0)), None);
        tt.clear();
        assert_eq!(tt.probe(k), None);
    }

    #[test]
    fn moving_one_square_between_the_sides_changes_the_key() {
        // The first key, p·K1 ^ o·K2, gave positions that differed only in
        // the colour of square 63 (h8) the same key, since 2^63·K = 2^63 for
        // any odd K: FFO #49 then solved to +14 instead of +16.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (p, o) = (x & 0x5555_5555_5555_5555, (x >> 1) & 0x1555_5555_5555_5555);
            for sq in 0..64 {
                let b = 1u64 << sq;
                let (p1, o1) = (p & !b, o | b);
                let (p2, o2) = (p | b, o & !b);
                assert_ne!(hash(p1, o1, 7), hash(p2, o2, 7), "square {sq}");
                assert_ne!(hash(p, o, 7), hash(o, p, 7));
            }
        }
    }

    #[test]
    fn keys_of_two_seeds_are_unrelated() {
        let (s1, s2) = (0x1234_5678_9ABC_DEF1u64, 0x0FED_CBA9_8765_4321u64);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1000 {
            x = mix(x);
            let (p, o) = (x & 0x00FF_00FF_00FF_00FF, mix(x) & 0xFF00_FF00_FF00_FF00);
            assert_ne!(hash(p, o, s1), hash(p ^ s1 ^ s2, o, s2));
            assert_ne!(hash(p, o, s1), hash(p, o, s2));
        }
    }

    #[test]
    fn a_shallower_store_keeps_the_deeper_entry_and_its_move() {
        // ProbCut's reduced search stores the same node at a smaller depth;
        // it used to overwrite the deeper entry.
        let tt = TranspositionTable::with_bytes(4096);
        let k = hash(5, 6, 0);
        let deep = Entry { lower: -3, upper: 10, best: 12, depth: 9, selectivity: 1 };
        tt.store(k, deep);
        tt.store(k, Entry { lower: 4, upper: 4, best: 3, depth: 4, selectivity: 1 });
        assert_eq!(tt.probe(k), Some(deep));
        // A deeper store without a move keeps the old move.
        let deeper = Entry { lower: 0, upper: 2, best: NO_MOVE, depth: 11, selectivity: 1 };
        tt.store(k, deeper);
        assert_eq!(tt.probe(k), Some(Entry { best: 12, ..deeper }));
        // Same depth: a bound does not replace an exact value, an exact one does.
        let exact = Entry { lower: 1, upper: 1, best: 7, depth: 11, selectivity: 1 };
        tt.store(k, exact);
        tt.store(k, Entry { lower: -64, upper: 5, best: 2, depth: 11, selectivity: 1 });
        assert_eq!(tt.probe(k), Some(exact));
        // A less selective search at the same depth is better.
        let proven = Entry { lower: 0, upper: 64, best: 9, depth: 11, selectivity: 0 };
        tt.store(k, proven);
        assert_eq!(tt.probe(k), Some(proven));
        // A new search may replace anything.
        tt.new_search();
        let fresh = Entry { lower: 2, upper: 3, best: 1, depth: 2, selectivity: 0 };
        tt.store(k, fresh);
        assert_eq!(tt.probe(k), Some(fresh));
    }

    #[test]
    fn keeps_two_positions_per_bucket() {
        let tt = TranspositionTable::with_bytes(BUCKET_BYTES);
        let a = Entry { lower: 1, upper: 1, best: 0, depth: 30, selectivity: 0 };
        let b = Entry { lower: 2, upper: 2, best: 1, depth: 10, selectivity: 0 };
        let c = Entry { lower: 3, upper: 3, best: 2, depth: 5, selectivity: 0 };
        tt.store(11, a);
        tt.store(22, b);
        assert_eq!(tt.probe(11), Some(a));
        assert_eq!(tt.probe(22), Some(b));
        // A shallower newcomer replaces the always-replace slot, not the deep one.
        tt.store(33, c);
        assert_eq!(tt.probe(11), Some(a));
        assert_eq!(tt.probe(33), Some(c));
    }
}
