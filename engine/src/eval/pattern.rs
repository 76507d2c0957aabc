//! The 8×8 pattern evaluation, in the style of Edax and Egaroucid.
//!
//! Twenty-two pattern families, each placed on the board in all of its
//! symmetric positions: 92 windows. Nineteen read the discs: round 4's
//! eleven (corner 3×3, corner 2×5, edge + 2 X-squares, rows 2-4, diagonals
//! of 4 to 8 squares) and eight ten-square shapes chosen by probes
//! (triangle, narrow triangle, edge block, fish, kite, diagonal band, edge +
//! the second row's b and c, centre block; engine/MEASUREMENTS.md, "Choosing
//! round 5's model"). Three read both sides' legal moves instead, as
//! Egaroucid's mobility patterns do: the edge, the second row and the long
//! diagonal ("The legal moves as patterns"). Every family has a table per
//! game stage holding a value for each configuration of its n squares (3^n
//! over discs: empty, the mover's, the opponent's; 4^n over moves: neither
//! side's, the mover's, the opponent's, both); the windows of one family
//! share it. Four count terms (a bias, each side's mobility, and the parity
//! of the empties) complete the sum.
//!
//! Windows are read without walking squares: the board is turned into its 8
//! symmetric images once per call (byte swap, bit mirror, transpose), every
//! family is read from fixed squares of the images it needs, and the bits are
//! gathered with shifts or one multiplication. A table turns the gathered
//! bits into base 3, so a window's index is `T3[own] + 2·T3[theirs]` (base 4
//! over the moves, `T4[own] + 2·T4[theirs]`).
//!
//! The numbers are data ([`crate::eval::pattern_weights`]):
//! `engine/weights/patterns.ywp`, written by `yomi fit --patterns`
//! (engine/MEASUREMENTS.md says how it was made). A file of round 4's
//! eleven families or of round 6's nineteen still reads: the later
//! families' tables are then zero.

/// Game stages with their own tables: four plies each.
pub const STAGES: usize = 15;
/// Table values are in 1/`UNIT` disc.
pub const UNIT: i32 = 64;
/// The count terms, in the order of their weights.
pub const FEATURES: [&str; 4] = ["bias", "own_mobility", "their_mobility", "odd_empties"];
/// The number of global features beside the patterns.
pub const NFEATURES: usize = FEATURES.len();

/// What a family's squares are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// The discs: a square is empty, the mover's or the opponent's.
    Discs,
    /// The legal moves: a square is neither side's move, the mover's, the
    /// opponent's or both sides'.
    Moves,
}

/// A family of windows: what it reads, its squares in one orientation
/// (square = 8·row + column, a1 = 0), the board images it is read from, and
/// the permutation of its squares that maps a window onto itself, if it has
/// one (its entries are then tied in the fit).
#[derive(Debug)]
pub struct Family {
    /// The family's name in weights files and reports.
    pub name: &'static str,
    /// Its squares in one orientation (square = 8·row + column).
    pub squares: &'static [u8],
    /// The board images (of the eight symmetries) it is read from.
    pub images: &'static [usize],
    /// The permutation that maps a window onto itself, if it has one.
    pub mirror: Option<&'static [u8]>,
    /// Discs or legal moves.
    pub reads: Reads,
}

impl Family {
    /// The states of one square: 3 over discs, 4 over moves.
    pub const fn base(&self) -> usize {
        match self.reads {
            Reads::Discs => 3,
            Reads::Moves => 4,
        }
    }

    /// The number of entries in the family's table: the base to the power of its squares.
    pub const fn size(&self) -> usize {
        self.base().pow(self.squares.len() as u32)
    }

    /// The least of configuration `idx` and its mirror image: the entry the fit ties it to.
    pub fn tied(&self, idx: usize) -> usize {
        self.mirror.map_or(idx, |m| idx.min(mirrored(idx, m, self.base())))
    }
}

/// The number of families.
pub const NFAMILIES: usize = 22;

/// The families over the discs: the first nineteen (round 6's layout).
pub const DISC_FAMILIES: usize = 19;

/// The disc families' windows: the first 82, which [`Indices`] keeps.
pub const DISC_WINDOWS: usize = FAMILY_WINDOWS[DISC_FAMILIES];

/// Round 4's families: the first eleven (files of that layout still read).
pub const ROUND4_FAMILIES: usize = 11;

/// Round 4's families' windows: the first 46.
pub const ROUND4_WINDOWS: usize = FAMILY_WINDOWS[ROUND4_FAMILIES];

/// The families, in table order.
pub const FAMILIES: [Family; NFAMILIES] = [
    Family { name: "corner3x3", squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18], images: &[0, 1, 2, 3], mirror: Some(&[0, 3, 6, 1, 4, 7, 2, 5, 8]), reads: Reads::Discs },
    Family { name: "corner2x5", squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12], images: &[0, 1, 2, 3, 4, 5, 6, 7], mirror: None, reads: Reads::Discs },
    Family { name: "edge2x", squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14], images: &[0, 2, 4, 6], mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0, 9, 8]), reads: Reads::Discs },
    Family { name: "row2", squares: &[8, 9, 10, 11, 12, 13, 14, 15], images: &[0, 2, 4, 6], mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0]), reads: Reads::Discs },
    Family { name: "row3", squares: &[16, 17, 18, 19, 20, 21, 22, 23], images: &[0, 2, 4, 6], mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0]), reads: Reads::Discs },
    Family { name: "row4", squares: &[24, 25, 26, 27, 28, 29, 30, 31], images: &[0, 2, 4, 6], mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0]), reads: Reads::Discs },
    Family { name: "diag8", squares: &[0, 9, 18, 27, 36, 45, 54, 63], images: &[0, 1], mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0]), reads: Reads::Discs },
    Family { name: "diag7", squares: &[1, 10, 19, 28, 37, 46, 55], images: &[0, 1, 2, 4], mirror: Some(&[6, 5, 4, 3, 2, 1, 0]), reads: Reads::Discs },
    Family { name: "diag6", squares: &[2, 11, 20, 29, 38, 47], images: &[0, 1, 2, 4], mirror: Some(&[5, 4, 3, 2, 1, 0]), reads: Reads::Discs },
    Family { name: "diag5", squares: &[3, 12, 21, 30, 39], images: &[0, 1, 2, 4], mirror: Some(&[4, 3, 2, 1, 0]), reads: Reads::Discs },
    Family { name: "diag4", squares: &[4, 13, 22, 31], images: &[0, 1, 2, 4], mirror: Some(&[3, 2, 1, 0]), reads: Reads::Discs },
    Family { name: "triangle", squares: &[0, 1, 2, 3, 8, 9, 10, 16, 17, 24], images: &[0, 1, 2, 3], mirror: Some(&[0, 4, 7, 9, 1, 5, 8, 2, 6, 3]), reads: Reads::Discs },
    Family { name: "narrowtri", squares: &[0, 1, 2, 3, 4, 8, 9, 16, 24, 32], images: &[0, 1, 2, 3], mirror: Some(&[0, 5, 7, 8, 9, 1, 6, 2, 3, 4]), reads: Reads::Discs },
    Family { name: "edgeblock", squares: &[0, 2, 3, 4, 5, 7, 10, 11, 12, 13], images: &[0, 2, 4, 6], mirror: Some(&[5, 4, 3, 2, 1, 0, 9, 8, 7, 6]), reads: Reads::Discs },
    Family { name: "fish", squares: &[0, 1, 8, 9, 10, 11, 17, 18, 25, 27], images: &[0, 1, 2, 3], mirror: Some(&[0, 2, 1, 3, 6, 8, 4, 7, 5, 9]), reads: Reads::Discs },
    Family { name: "kite", squares: &[0, 1, 8, 9, 10, 11, 12, 17, 25, 33], images: &[0, 1, 2, 3], mirror: Some(&[0, 2, 1, 3, 7, 8, 9, 4, 5, 6]), reads: Reads::Discs },
    Family { name: "diagband", squares: &[0, 1, 8, 9, 10, 17, 18, 19, 26, 27], images: &[0, 1, 2, 3], mirror: Some(&[0, 2, 1, 3, 5, 4, 6, 8, 7, 9]), reads: Reads::Discs },
    Family { name: "edgex", squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 10], images: &[0, 1, 2, 3, 4, 5, 6, 7], mirror: None, reads: Reads::Discs },
    Family { name: "centre", squares: &[18, 19, 20, 21, 26, 27, 28, 29, 35, 36], images: &[0, 2, 4, 6], mirror: Some(&[3, 2, 1, 0, 7, 6, 5, 4, 9, 8]), reads: Reads::Discs },
    Family { name: "edgemoves", squares: &[0, 1, 2, 3, 4, 5, 6, 7], images: &[0, 2, 4, 6], mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0]), reads: Reads::Moves },
    Family { name: "row2moves", squares: &[8, 9, 10, 11, 12, 13, 14, 15], images: &[0, 2, 4, 6], mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0]), reads: Reads::Moves },
    Family { name: "diag8moves", squares: &[0, 9, 18, 27, 36, 45, 54, 63], images: &[0, 1], mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0]), reads: Reads::Moves },
];

/// Where each family's table starts within a stage.
pub const OFFSETS: [usize; NFAMILIES] = {
    let mut out = [0; NFAMILIES];
    let mut i = 1;
    while i < NFAMILIES {
        out[i] = out[i - 1] + FAMILIES[i - 1].size();
        i += 1;
    }
    out
};

/// Table entries per stage.
pub const ENTRIES: usize = OFFSETS[NFAMILIES - 1] + FAMILIES[NFAMILIES - 1].size();

/// Table entries per stage of round 4's layout: its families come first.
pub const ROUND4_ENTRIES: usize = OFFSETS[ROUND4_FAMILIES];

/// Table entries per stage of round 6's layout: the disc families.
pub const DISC_ENTRIES: usize = OFFSETS[DISC_FAMILIES];

/// Windows on the board.
pub const WINDOWS: usize = FAMILY_WINDOWS[NFAMILIES];

/// Each family's first window, in the order of [`FAMILIES`] and their images.
pub const FAMILY_WINDOWS: [usize; NFAMILIES + 1] = {
    let mut out = [0; NFAMILIES + 1];
    let mut f = 0;
    while f < NFAMILIES {
        out[f + 1] = out[f] + FAMILIES[f].images.len();
        f += 1;
    }
    out
};

/// The stage of a position with `discs` discs.
#[inline(always)]
pub fn stage(discs: u32) -> usize {
    (discs.saturating_sub(4) as usize / 4).min(STAGES - 1)
}

/// Columns reversed (a1 ↔ h1).
#[inline(always)]
pub const fn mirror_columns(mut x: u64) -> u64 {
    x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// Rows and columns exchanged (b1 ↔ a2).
#[inline(always)]
pub const fn transpose(mut x: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// The 8 images of a board: identity, columns reversed, rows reversed,
/// both; then the same four of the transposed board. Reading square s of
/// image k reads the square of the board that image k maps onto s.
#[inline(always)]
pub fn images(x: u64) -> [u64; 8] {
    let h = mirror_columns(x);
    let t = transpose(x);
    let th = mirror_columns(t);
    [x, h, x.swap_bytes(), h.swap_bytes(), t, th, t.swap_bytes(), th.swap_bytes()]
}

/// Image `k` of [`images`] alone (for tables built at compile time).
const fn image(x: u64, k: usize) -> u64 {
    let x = if k & 4 != 0 { transpose(x) } else { x };
    let x = if k & 1 != 0 { mirror_columns(x) } else { x };
    if k & 2 != 0 { x.swap_bytes() } else { x }
}

/// Bits of the squares of family `F` (in its order) read from one image.
/// With BMI2 (native x86-64 builds, `.cargo/config.toml`) one parallel bit
/// extract does it: a family's squares rise with its digits, so the
/// extracted bits come out in digit order (engine/MEASUREMENTS.md, "Windows
/// gathered by one instruction"). Elsewhere (wasm), shifts and masks.
#[inline(always)]
fn gather<const F: usize>(b: u64) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        extract(b, MASKS[F])
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        gather_bits(F, b)
    }
}

/// The bits of `b` under `mask`, packed by one parallel bit extract. The
/// result has no more bits than the mask; said to the compiler, that drops
/// the bounds test of the base-3 or base-4 table read that follows
/// (engine/MEASUREMENTS.md, "The bit extract's range").
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn extract(b: u64, mask: u64) -> usize {
    // SAFETY: the instruction exists: this code is compiled only for BMI2;
    // and it packs the mask's bits, so the stated range holds by its definition.
    unsafe {
        let bits = core::arch::x86_64::_pext_u64(b, mask) as usize;
        core::hint::assert_unchecked(bits < 1 << mask.count_ones());
        bits
    }
}

/// Each family's squares as a mask, for [`gather`]'s bit extract.
#[cfg_attr(not(all(target_arch = "x86_64", target_feature = "bmi2")), allow(dead_code))]
const MASKS: [u64; NFAMILIES] = {
    let mut out = [0u64; NFAMILIES];
    let mut f = 0;
    while f < NFAMILIES {
        let mut i = 0;
        while i < FAMILIES[f].squares.len() {
            out[f] |= 1 << FAMILIES[f].squares[i];
            i += 1;
        }
        f += 1;
    }
    out
};

/// Each move window's squares on the board itself: the images the move
/// families read keep their squares' order (checked here at compile
/// time), so one bit extract of the board reads a window in digit order,
/// with no image to make.
#[cfg_attr(not(all(target_arch = "x86_64", target_feature = "bmi2")), allow(dead_code))]
const MOVE_WINDOW_MASKS: [u64; WINDOWS - DISC_WINDOWS] = {
    let mut out = [0u64; WINDOWS - DISC_WINDOWS];
    let mut f = DISC_FAMILIES;
    while f < NFAMILIES {
        let mut i = 0;
        while i < FAMILIES[f].images.len() {
            let (mut mask, mut digit) = (0u64, 0u32);
            let mut s = 0;
            while s < 64 {
                let bits = gather_bits(f, image(1u64 << s, FAMILIES[f].images[i]));
                if bits != 0 {
                    // The board's squares, rising, are the window's digits, rising.
                    assert!(bits.trailing_zeros() == digit);
                    mask |= 1 << s;
                    digit += 1;
                }
                s += 1;
            }
            out[FAMILY_WINDOWS[f] + i - DISC_WINDOWS] = mask;
            i += 1;
        }
        f += 1;
    }
    out
};

/// [`gather`] with the family as an argument: a constant one folds the
/// match away.
#[inline(always)]
const fn gather_bits(f: usize, b: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    (match f {
        0 => (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1C0),
        1 => (b & 0x1F) | ((b >> 3) & 0x3E0),
        2 => (b & 0xFF) | ((b >> 1) & 0x100) | ((b >> 5) & 0x200),
        3 => (b >> 8) & 0xFF,
        4 => (b >> 16) & 0xFF,
        5 => (b >> 24) & 0xFF,
        6 => (b & 0x8040_2010_0804_0201).wrapping_mul(ONES) >> 56,
        7 => ((b & 0x0080_4020_1008_0402).wrapping_mul(ONES) >> 57) & 0x7F,
        8 => ((b & 0x0000_8040_2010_0804).wrapping_mul(ONES) >> 58) & 0x3F,
        9 => ((b & 0x0000_0080_4020_1008).wrapping_mul(ONES) >> 59) & 0x1F,
        10 => ((b & 0x0000_0000_8040_2010).wrapping_mul(ONES) >> 60) & 0x0F,
        19 => b & 0xFF,
        20 => (b >> 8) & 0xFF,
        21 => (b & 0x8040_2010_0804_0201).wrapping_mul(ONES) >> 56,
        _ => gather_runs(&RUNS[f], b),
    }) as usize
}

/// A family's squares as runs of neighbouring bits that stay neighbours
/// among its digits: each run is one mask and one shift.
#[derive(Clone, Copy, Debug)]
struct Runs {
    len: usize,
    /// The run's squares in place, and how far right they move.
    run: [(u64, u32); 10],
}

/// Every family's [`Runs`] (the first eleven have gathers of their own).
const RUNS: [Runs; NFAMILIES] = {
    let mut out = [Runs { len: 0, run: [(0, 0); 10] }; NFAMILIES];
    let mut f = 0;
    while f < NFAMILIES {
        let sq = FAMILIES[f].squares;
        let mut i = 0;
        while i < sq.len() {
            // Digit i reads square sq[i]: squares rise faster than digits.
            assert!(sq[i] as usize >= i && (i == 0 || sq[i] > sq[i - 1]));
            let shift = sq[i] as u32 - i as u32;
            let r = &mut out[f];
            if r.len > 0 && r.run[r.len - 1].1 == shift {
                r.run[r.len - 1].0 |= 1 << sq[i];
            } else {
                assert!(r.len < 10);
                r.run[r.len] = (1 << sq[i], shift);
                r.len += 1;
            }
            i += 1;
        }
        f += 1;
    }
    out
};

/// The bits of a family's squares gathered run by run.
#[inline(always)]
const fn gather_runs(r: &Runs, b: u64) -> u64 {
    let mut out = 0;
    let mut i = 0;
    while i < r.len {
        out |= (b & r.run[i].0) >> r.run[i].1;
        i += 1;
    }
    out
}

/// A set of bits read in `base`: bit i counts base^i.
const fn in_base<const N: usize>(base: u16) -> [u16; N] {
    let mut t = [0u16; N];
    let mut i = 1usize;
    while i < N {
        let low = i & (i - 1);
        let bit = (i ^ low).trailing_zeros();
        t[i] = t[low] + base.pow(bit);
        i += 1;
    }
    t
}

/// Base 3 of a set of bits (the disc windows', up to 10 squares).
const TERNARY: [u16; 1024] = in_base(3);

/// Base 4 of a set of bits (the move windows', 8 squares).
const QUATERNARY: [u16; 256] = in_base(4);

/// A set of families: bit f for family f.
pub type FamilySet = u32;

/// Every family.
pub const ALL_FAMILIES: FamilySet = (1 << NFAMILIES) - 1;

/// The families over the discs (round 6's nineteen).
pub const DISC_FAMILY_SET: FamilySet = (1 << DISC_FAMILIES) - 1;

/// The families over the legal moves.
pub const MOVE_FAMILY_SET: FamilySet = ALL_FAMILIES & !DISC_FAMILY_SET;

/// Round 4's eleven families.
pub const ROUND4_FAMILY_SET: FamilySet = (1 << ROUND4_FAMILIES) - 1;

/// Reads a set of families: names from [`FAMILIES`], `round4` for the
/// first eleven, `discs` for the nineteen over the discs, `moves` for those
/// over the legal moves and `all`, separated by `,` or `+`; `what` names the
/// option in the message of a bad one.
pub fn parse_families(text: &str, what: &str) -> Result<FamilySet, crate::error::Error> {
    let mut set = 0;
    for name in text.split([',', '+']).map(str::trim).filter(|s| !s.is_empty()) {
        set |= match name {
            "all" => ALL_FAMILIES,
            "round4" => ROUND4_FAMILY_SET,
            "discs" => DISC_FAMILY_SET,
            "moves" => MOVE_FAMILY_SET,
            _ => 1 << FAMILIES.iter().position(|f| f.name == name).ok_or_else(|| {
                let known: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
                crate::error::Error::BadArgument(format!("{what}: no family \"{name}\"; expected all, round4, discs, moves or {}", known.join(", ")))
            })?,
        };
    }
    if set == 0 {
        return Err(crate::error::Error::BadArgument(format!("{what}: no family named")));
    }
    Ok(set)
}

/// Calls `f(window, offset, own, theirs)` for every window of (`p`, `o`)
/// in a disc family of `families`, family by family in the order of
/// [`FAMILIES`] and their images, with its family's offset in a stage's
/// tables and the base-3 values of each side's discs in it.
#[inline(always)]
fn read_windows(p: u64, o: u64, families: FamilySet, mut f: impl FnMut(usize, u32, u32, u32)) {
    let (ip, io) = (images(p), images(o));
    macro_rules! family {
        ($f:literal) => {
            if families >> $f & 1 != 0 {
                for (i, &img) in FAMILIES[$f].images.iter().enumerate() {
                    let (own, theirs) = (TERNARY[gather::<$f>(ip[img])] as u32, TERNARY[gather::<$f>(io[img])] as u32);
                    f(FAMILY_WINDOWS[$f] + i, OFFSETS[$f] as u32, own, theirs);
                }
            }
        };
    }
    family!(0);
    family!(1);
    family!(2);
    family!(3);
    family!(4);
    family!(5);
    family!(6);
    family!(7);
    family!(8);
    family!(9);
    family!(10);
    family!(11);
    family!(12);
    family!(13);
    family!(14);
    family!(15);
    family!(16);
    family!(17);
    family!(18);
}

/// [`read_windows`] for the move families of `families`, over the side to
/// move's legal moves `mp` and the opponent's `mo`, in base 4.
#[inline(always)]
fn read_move_windows(mp: u64, mo: u64, families: FamilySet, mut f: impl FnMut(usize, u32, u32, u32)) {
    if families & MOVE_FAMILY_SET == 0 {
        return;
    }
    // With the bit extract every move window is read straight off the board
    // ([`MOVE_WINDOW_MASKS`]); elsewhere from the images, as the discs are.
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    let (ip, io) = (images(mp), images(mo));
    macro_rules! family {
        ($f:literal) => {
            if families >> $f & 1 != 0 {
                for (i, &img) in FAMILIES[$f].images.iter().enumerate() {
                    let w = FAMILY_WINDOWS[$f] + i;
                    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
                    let (a, b) = {
                        let _ = img;
                        let m = MOVE_WINDOW_MASKS[w - DISC_WINDOWS];
                        (extract(mp, m), extract(mo, m))
                    };
                    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
                    let (a, b) = (gather::<$f>(ip[img]), gather::<$f>(io[img]));
                    f(w, OFFSETS[$f] as u32, QUATERNARY[a] as u32, QUATERNARY[b] as u32);
                }
            }
        };
    }
    family!(19);
    family!(20);
    family!(21);
}

/// Calls `f(offset + index)` with the table index (within its stage) of
/// every window of (`p`, `o`) in a family of `families`; `mp` and `mo` are
/// the legal moves of the side owning `p` and of the other.
#[inline(always)]
pub fn for_indices(p: u64, o: u64, mp: u64, mo: u64, families: FamilySet, mut f: impl FnMut(u32)) {
    read_windows(p, o, families, |_, offset, own, theirs| f(offset + own + 2 * theirs));
    for_move_indices(mp, mo, families, f);
}

/// [`for_indices`] for the move families alone.
#[inline(always)]
pub fn for_move_indices(mp: u64, mo: u64, families: FamilySet, mut f: impl FnMut(u32)) {
    read_move_windows(mp, mo, families, |_, offset, own, theirs| f(offset + own + 2 * theirs));
}

/// The table index (within its stage) of every window of (`p`, `o`) with
/// legal moves `mp` and `mo`, family by family in the order of
/// [`FAMILIES`] and their images.
#[inline(always)]
pub fn indices(p: u64, o: u64, mp: u64, mo: u64) -> [u32; WINDOWS] {
    let mut out = [0u32; WINDOWS];
    let mut put = |k: usize, offset: u32, own: u32, theirs: u32| out[k] = offset + own + 2 * theirs;
    read_windows(p, o, ALL_FAMILIES, &mut put);
    read_move_windows(mp, mo, ALL_FAMILIES, &mut put);
    out
}

/// How each square enters the disc windows' indices: in every window, 3^k
/// for the square's digit k there, or 0 where the window does not hold it.
/// Dense rows, so that a move updates all of a position's windows with a
/// few vector additions per changed square (engine/MEASUREMENTS.md,
/// "The kept windows as dense rows"). Derived at compile time from the same
/// images and gathers that [`indices`] reads, so the two cannot disagree.
static SQUARE_DIGITS: [[u16; DISC_WINDOWS]; 64] = {
    let mut out = [[0u16; DISC_WINDOWS]; 64];
    let mut s = 0;
    while s < 64 {
        let mut w = 0;
        let mut f = 0;
        while f < DISC_FAMILIES {
            let mut i = 0;
            while i < FAMILIES[f].images.len() {
                let bits = gather_bits(f, image(1u64 << s, FAMILIES[f].images[i]));
                if bits != 0 {
                    out[s][w] = 3u16.pow(bits.trailing_zeros());
                }
                w += 1;
                i += 1;
            }
            f += 1;
        }
        s += 1;
    }
    out
};

/// Where each window's entries start within a stage's tables.
pub const WINDOW_OFFSETS: [u32; WINDOWS] = {
    let mut out = [0u32; WINDOWS];
    let (mut w, mut f) = (0, 0);
    while f < FAMILIES.len() {
        let mut i = 0;
        while i < FAMILIES[f].images.len() {
            out[w] = OFFSETS[f] as u32;
            w += 1;
            i += 1;
        }
        f += 1;
    }
    out
};

/// The windows' configurations of a position (indices within their
/// family's table, as [`indices`] gives them less [`WINDOW_OFFSETS`]) from
/// both sides' view, kept up to date move by move: a search's leaves then
/// cost a few additions per flipped disc instead of reading every window
/// afresh. `N` windows are kept: the disc families' ([`DISC_WINDOWS`]), or
/// round 4's ([`ROUND4_WINDOWS`], what the compact evaluation reads). The
/// move families' windows change with every move anywhere: they are read
/// afresh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Indices<const N: usize = DISC_WINDOWS> {
    /// For the side to move.
    pub mine: [u16; N],
    /// For the other side.
    pub yours: [u16; N],
}

impl<const N: usize> Indices<N> {
    /// Only these two prefixes of the windows are whole disc families.
    const KEPT: () = assert!(N == DISC_WINDOWS || N == ROUND4_WINDOWS);

    /// The configurations of (`p`, `o`) read from the board.
    #[inline(always)]
    pub fn new(p: u64, o: u64) -> Indices<N> {
        let () = Self::KEPT;
        let mut mine = [0u16; N];
        let mut yours = [0u16; N];
        let families = if N == DISC_WINDOWS { DISC_FAMILY_SET } else { ROUND4_FAMILY_SET };
        read_windows(p, o, families, |k, _, a, b| {
            mine[k] = (a + 2 * b) as u16;
            yours[k] = (b + 2 * a) as u16;
        });
        Indices { mine, yours }
    }

    /// The configurations after the side to move plays `sq`, turning
    /// `flips`, seen from the side to move next (the other).
    #[inline(always)]
    pub fn play(&self, sq: u32, flips: u64) -> Indices<N> {
        // The new disc: empty (digit 0) becomes 1 in the mover's view, 2 in
        // the other's; a flipped disc goes 2 -> 1 and 1 -> 2.
        let (new, turned) = (&SQUARE_DIGITS[sq as usize], turned::<N>(flips));
        let mut next = Indices { mine: [0; N], yours: [0; N] };
        for w in 0..N {
            next.mine[w] = self.yours[w] + 2 * new[w] + turned[w];
            next.yours[w] = self.mine[w] + new[w] - turned[w];
        }
        next
    }

    /// What [`Self::play`] gives for the side to move next, without the
    /// other view (a leaf needs no more).
    #[inline(always)]
    pub fn after(&self, sq: u32, flips: u64) -> [u16; N] {
        let (new, turned) = (&SQUARE_DIGITS[sq as usize], turned::<N>(flips));
        let mut next = [0; N];
        for w in 0..N {
            next[w] = self.yours[w] + 2 * new[w] + turned[w];
        }
        next
    }

    /// The same position with the other side to move.
    #[inline(always)]
    pub fn pass(&self) -> Indices<N> {
        Indices { mine: self.yours, yours: self.mine }
    }
}

/// The sum of the [`SQUARE_DIGITS`] rows of the squares `flips`, over the
/// first `N` windows.
#[inline(always)]
fn turned<const N: usize>(flips: u64) -> [u16; N] {
    let mut sum = [0u16; N];
    let mut rest = flips;
    while rest != 0 {
        let row = &SQUARE_DIGITS[rest.trailing_zeros() as usize];
        rest &= rest - 1;
        for w in 0..N {
            sum[w] += row[w];
        }
    }
    sum
}

/// The count terms of (`p`, `o`) for the side owning `p`, given both sides' mobility.
#[inline(always)]
pub fn features(p: u64, o: u64, own_moves: u32, their_moves: u32) -> [i32; NFEATURES] {
    [1, own_moves as i32, their_moves as i32, ((64 - (p | o).count_ones()) & 1) as i32]
}

/// The index of the configuration `idx` (in `base`) with its squares
/// permuted by `m` (square i takes the state of square `m[i]`).
pub fn mirrored(idx: usize, m: &[u8], base: usize) -> usize {
    let n = m.len();
    let digits: Vec<usize> = (0..n).map(|i| idx / base.pow(i as u32) % base).collect();
    (0..n).rev().fold(0, |a, i| a * base + digits[m[i] as usize])
}

/// Both sides' legal moves on (`p`, `o`): the side owning `p`'s, then the other's.
pub fn moves_of(p: u64, o: u64) -> (u64, u64) {
    use crate::rules::movegen::MoveGen;
    type G = crate::rules::geometry::Dims<8, 8>;
    (G::moves(p, o), G::moves(o, p))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::eval::pattern_weights::PatternWeights;
    use crate::rng::Rng;

    /// Image k of a board by coordinates: the square (r, c) of the image is
    /// the board's square (r', c') given by the image's map.
    pub(crate) fn image_naive(x: u64, k: usize) -> u64 {
        let mut out = 0u64;
        for r in 0..8 {
            for c in 0..8 {
                let (mut rr, mut cc) = (r, c);
                // Undo in reverse order: rows reversed, columns reversed, transpose.
                if k & 2 != 0 {
                    rr = 7 - rr;
                }
                if k & 1 != 0 {
                    cc = 7 - cc;
                }
                if k & 4 != 0 {
                    std::mem::swap(&mut rr, &mut cc);
                }
                if x >> (rr * 8 + cc) & 1 == 1 {
                    out |= 1 << (r * 8 + c);
                }
            }
        }
        out
    }

    /// A window's index by walking its squares on the image (of the discs
    /// or the moves, as the family reads).
    fn index_naive(f: &Family, img_p: u64, img_o: u64) -> usize {
        f.squares.iter().rev().fold(0, |a, &s| a * f.base() + (img_p >> s & 1) as usize + 2 * (img_o >> s & 1) as usize)
    }

    pub(crate) fn random_board(rng: &mut Rng) -> (u64, u64) {
        let occ = rng.next() | rng.next();
        let p = occ & rng.next();
        (p, occ & !p)
    }

    #[test]
    fn images_match_coordinate_maps() {
        let mut rng = Rng::new(1);
        for _ in 0..500 {
            let x = rng.next();
            let fast = images(x);
            for (k, &img) in fast.iter().enumerate() {
                assert_eq!(img, image_naive(x, k), "image {k}");
                assert_eq!(image(x, k), img, "the compile-time image {k}");
            }
        }
    }

    #[test]
    fn indices_match_a_walk_over_the_squares() {
        let mut rng = Rng::new(2);
        for _ in 0..2000 {
            let (p, o) = random_board(&mut rng);
            let (mp, mo) = moves_of(p, o);
            let fast = indices(p, o, mp, mo);
            let mut k = 0;
            for (f, fam) in FAMILIES.iter().enumerate() {
                let (a, b) = match fam.reads {
                    Reads::Discs => (p, o),
                    Reads::Moves => (mp, mo),
                };
                for &img in fam.images {
                    let want = OFFSETS[f] + index_naive(fam, image_naive(a, img), image_naive(b, img));
                    assert_eq!(fast[k] as usize, want, "{} image {img}", fam.name);
                    k += 1;
                }
            }
        }
    }

    /// The shifts-and-masks gather (wasm's path; native builds extract
    /// bits, which the test above checks) reads each family's squares in
    /// digit order.
    #[test]
    fn the_portable_gather_reads_the_squares_in_order() {
        let mut rng = Rng::new(9);
        for _ in 0..2000 {
            let b = rng.next();
            for (f, fam) in FAMILIES.iter().enumerate() {
                let want = fam.squares.iter().enumerate().fold(0, |a, (i, &s)| a | ((b >> s) & 1) << i);
                assert_eq!(gather_bits(f, b), want as usize, "{}", fam.name);
                assert_eq!(MASKS[f].count_ones() as usize, fam.squares.len(), "{}", fam.name);
            }
        }
    }

    /// The configurations kept move by move are those read afresh, and
    /// the shipped weights value them the same, through random games with
    /// their passes.
    #[test]
    fn indices_follow_the_moves_of_random_games() {
        use crate::rules::position::{Position, Start, Status};
        use crate::rules::square::Square;
        use crate::BoardSize;
        let w = PatternWeights::shipped();
        let compact = PatternWeights::compact();
        let mut rng = Rng::new(23);
        let offsets = |ix: &[u16; DISC_WINDOWS]| -> [u32; DISC_WINDOWS] { std::array::from_fn(|k| WINDOW_OFFSETS[k] + ix[k] as u32) };
        for _ in 0..200 {
            let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
            let mut ix = Indices::new(pos.player(), pos.opponent());
            let mut round4 = Indices::<ROUND4_WINDOWS>::new(pos.player(), pos.opponent());
            loop {
                let (p, o) = (pos.player(), pos.opponent());
                let (mp, mo) = moves_of(p, o);
                assert_eq!(ix, Indices::new(p, o));
                assert_eq!((&ix.mine[..ROUND4_WINDOWS], &ix.yours[..ROUND4_WINDOWS]), (&round4.mine[..], &round4.yours[..]));
                assert_eq!(compact.value_at(&round4.mine, p, o, mp, mo), compact.value(p, o, mp, mo));
                assert_eq!(offsets(&ix.mine)[..], indices(p, o, mp, mo)[..DISC_WINDOWS]);
                assert_eq!(w.value_at(&ix.mine, p, o, mp, mo), w.value(p, o, mp, mo));
                match pos.status() {
                    Status::Over => break,
                    Status::Pass => {
                        pos = pos.passed();
                        ix = ix.pass();
                        round4 = round4.pass();
                    }
                    Status::Move => {
                        let moves: Vec<u32> = crate::rules::movegen::Squares(pos.legal_moves()).collect();
                        let sq = moves[rng.below(moves.len() as u64) as usize];
                        let next = pos.play(Square::of_bit(sq)).unwrap();
                        let flips = next.opponent() & o;
                        assert_eq!(ix.after(sq, flips), ix.play(sq, flips).mine);
                        assert_eq!(round4.after(sq, flips), round4.play(sq, flips).mine);
                        ix = ix.play(sq, flips);
                        round4 = round4.play(sq, flips);
                        pos = next;
                    }
                }
            }
        }
    }

    #[test]
    fn windows_are_distinct_and_mirrors_map_them_onto_themselves() {
        assert_eq!((DISC_WINDOWS, WINDOWS), (82, 92));
        assert_eq!((DISC_ENTRIES, ENTRIES), (639_657, 639_657 + 3 * 65_536));
        assert!(FAMILIES.iter().enumerate().all(|(f, fam)| (fam.reads == Reads::Discs) == (f < DISC_FAMILIES)));
        for fam in &FAMILIES {
            let mut sets: Vec<u64> = fam
                .images
                .iter()
                .map(|&k| {
                    // The board squares the window reads: its squares of image k.
                    (0..64).filter(|&s| fam.squares.iter().any(|&q| image_naive(1u64 << s, k) >> q & 1 == 1)).fold(0, |a, s| a | 1 << s)
                })
                .collect();
            sets.sort();
            sets.dedup();
            assert_eq!(sets.len(), fam.images.len(), "{}", fam.name);
            if let Some(m) = fam.mirror {
                // Square i and square m[i] are images of each other under a symmetry of the board.
                let set: u64 = fam.squares.iter().fold(0, |a, &s| a | 1 << s);
                let found = (1..8).any(|k| {
                    fam.squares.iter().enumerate().all(|(i, &s)| image_naive(1u64 << fam.squares[m[i] as usize], k) == 1u64 << s)
                        && set.count_ones() == fam.squares.len() as u32
                });
                assert!(found, "{}'s mirror is a symmetry", fam.name);
            }
        }
    }
}
