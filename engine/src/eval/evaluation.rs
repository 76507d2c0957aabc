//! The static evaluation: paper 000's features on every board shape.
//!
//! Edges are read as patterns: an edge of up to 8 squares is one pattern
//! (3^L configurations, 6561 on 8×8), a longer edge is two 5-square patterns
//! anchored at its corners. A pattern table holds the value of every
//! configuration, so corners, C-squares next to empty corners, wings and
//! mountains (and every other edge shape) are valued by lookup. The
//! remaining features are counts, each the side to move's minus the
//! opponent's: mobility, potential mobility, frontier discs, X-squares next to
//! empty corners, stable discs, discs, and parity. Every weight depends on the
//! game stage (the share of the board filled).
//!
//! On 8×8 the shipped weights carry a pattern evaluation as well
//! ([`crate::eval::pattern`]), which then replaces all of the above.
//!
//! The numbers are data, not code: [`Weights`] are read from a weights file
//! (the fitted one, `engine/weights/fitted.ywt`, is embedded; engine/MEASUREMENTS.md says
//! how it was made), and the fitting program writes the same format.

use std::sync::OnceLock;

use crate::error::Error;
use crate::eval::pattern::UNIT;
use crate::eval::pattern_weights::PatternWeights;
use crate::rules::geometry::{neighbours, BoardSize, Geometry};
use crate::rules::movegen::MoveGen;
use crate::rules::stability::stable_discs;

/// Evaluation units per disc: values are disc differences times `SCALE`.
pub const SCALE: i32 = 16;
/// Game stages with their own weights.
pub const STAGES: usize = 8;

/// The kinds of edge pattern, each with its own table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// A whole edge of 4, 6 or 8 squares, corner to corner.
    Edge4,
    /// A whole edge of 6 squares.
    Edge6,
    /// A whole edge of 8 squares.
    Edge8,
    /// The 5 squares from a corner along an edge longer than 8.
    Corner5,
}

impl Pattern {
    /// Every kind, in table order.
    pub const ALL: [Pattern; 4] = [Pattern::Edge4, Pattern::Edge6, Pattern::Edge8, Pattern::Corner5];

    /// Squares in the window.
    pub const fn squares(self) -> usize {
        match self {
            Pattern::Edge4 => 4,
            Pattern::Edge6 => 6,
            Pattern::Edge8 => 8,
            Pattern::Corner5 => 5,
        }
    }

    /// Configurations: 3^len.
    pub const fn size(self) -> usize {
        3usize.pow(self.squares() as u32)
    }

    /// Where this pattern's table starts within one stage's tables.
    pub const fn offset(self) -> usize {
        match self {
            Pattern::Edge4 => 0,
            Pattern::Edge6 => 81,
            Pattern::Edge8 => 81 + 729,
            Pattern::Corner5 => 81 + 729 + 6561,
        }
    }

    /// True if both ends are corners, so reading it backwards is the same
    /// pattern (the table is symmetric under reversal).
    pub const fn symmetric(self) -> bool {
        !matches!(self, Pattern::Corner5)
    }
}

/// Entries of all pattern tables of one stage.
pub const TABLE_SIZE: usize = 81 + 729 + 6561 + 243;

/// The count features, in the order of their weights.
pub const FEATURES: [&str; 8] = ["bias", "mobility", "potential", "frontier", "x_squares", "stable", "discs", "parity"];
/// The number of features paper 000 evaluates.
pub const NFEATURES: usize = FEATURES.len();

/// The game stage of a position with `discs` discs on a board of `squares`.
#[inline(always)]
pub fn stage(discs: u32, squares: u32) -> usize {
    ((discs.saturating_sub(4) as usize) * STAGES / (squares as usize - 3)).min(STAGES - 1)
}

/// One edge pattern placed on a board: its kind and squares, read from a
/// corner (the first square is the corner).
#[derive(Clone, Copy, Debug)]
pub struct Window {
    /// The window's kind, which names its table.
    pub pattern: Pattern,
    /// Its squares from the corner; only the first as many as the kind has are used.
    pub squares: [u8; 8],
}

/// The edge patterns of a board of `rows` × `cols`: each edge once, or two
/// corner windows on an edge longer than 8.
pub fn windows(rows: usize, cols: usize) -> Vec<Window> {
    let sq = |r: usize, c: usize| (r * cols + c) as u8;
    let edges: [Vec<u8>; 4] = [
        (0..cols).map(|c| sq(0, c)).collect(),
        (0..cols).map(|c| sq(rows - 1, c)).collect(),
        (0..rows).map(|r| sq(r, 0)).collect(),
        (0..rows).map(|r| sq(r, cols - 1)).collect(),
    ];
    let mut out = Vec::new();
    for edge in edges {
        let l = edge.len();
        let mut put = |pattern: Pattern, line: &[u8]| {
            let mut squares = [0u8; 8];
            squares[..line.len()].copy_from_slice(line);
            out.push(Window { pattern, squares });
        };
        match l {
            4 => put(Pattern::Edge4, &edge),
            6 => put(Pattern::Edge6, &edge),
            8 => put(Pattern::Edge8, &edge),
            _ => {
                put(Pattern::Corner5, &edge[..5]);
                let back: Vec<u8> = edge.iter().rev().take(5).copied().collect();
                put(Pattern::Corner5, &back);
            }
        }
    }
    out
}

/// A pattern's index: square i of the window contributes 3^i times its
/// state (0 empty, 1 the side to move's, 2 the opponent's).
#[inline(always)]
pub fn pattern_index(w: &Window, p: u64, o: u64) -> usize {
    let mut idx = 0usize;
    let mut i = w.pattern.squares();
    while i > 0 {
        i -= 1;
        let s = w.squares[i];
        idx = idx * 3 + ((p >> s) & 1) as usize + 2 * ((o >> s) & 1) as usize;
    }
    idx
}

/// The four corners, each with its X-square.
const fn x_squares(rows: usize, cols: usize) -> [(u64, u64); 4] {
    let (r, c) = (rows - 1, cols - 1);
    [
        (1u64, 1u64 << (cols + 1)),
        (1u64 << c, 1u64 << (cols + c - 1)),
        (1u64 << (r * cols), 1u64 << ((r - 1) * cols + 1)),
        (1u64 << (r * cols + c), 1u64 << ((r - 1) * cols + c - 1)),
    ]
}

/// Compile-time masks of the evaluation, per board.
trait EvalTables: Geometry {
    const X_SQUARES: [(u64, u64); 4] = x_squares(Self::ROWS, Self::COLS);
}

impl<G: Geometry> EvalTables for G {}

/// The count features of (`p`, `o`) for the side owning `p`.
#[inline]
pub fn features<G: MoveGen>(p: u64, o: u64) -> [i32; NFEATURES] {
    let e = !(p | o) & G::FULL;
    let mobility = G::moves(p, o).count_ones() as i32 - G::moves(o, p).count_ones() as i32;
    let potential = (neighbours::<G>(o) & e).count_ones() as i32 - (neighbours::<G>(p) & e).count_ones() as i32;
    let next_to_empty = neighbours::<G>(e);
    let frontier = (o & next_to_empty).count_ones() as i32 - (p & next_to_empty).count_ones() as i32;
    let mut x = 0;
    for (corner, xs) in G::X_SQUARES {
        if e & corner != 0 {
            x += (p & xs != 0) as i32 - (o & xs != 0) as i32;
        }
    }
    let stable = stable_discs::<G>(p, o).count_ones() as i32 - stable_discs::<G>(o, p).count_ones() as i32;
    let discs = p.count_ones() as i32 - o.count_ones() as i32;
    let parity = if e.count_ones() & 1 == 1 { 1 } else { -1 };
    [1, mobility, potential, frontier, x, stable, discs, parity]
}

/// Evaluation weights for every board: pattern tables per stage, shared by
/// all boards, and count-feature weights per stage and board shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// `STAGES` × `TABLE_SIZE` values in evaluation units.
    pub tables: Vec<i16>,
    /// Per shape (rows ≤ cols): `STAGES` × `NFEATURES` weights in 1/16
    /// evaluation unit per unit of the feature.
    pub shapes: Vec<((u8, u8), Vec<i16>)>,
    /// The 8×8 pattern evaluation, which replaces the above on 8×8.
    pub patterns: Option<Box<PatternWeights>>,
}

const MAGIC: &[u8; 8] = b"YOMIWTS1";

impl Weights {
    /// The shipped weights, fitted by `yomi fit` (parsed once).
    pub fn shipped() -> &'static Weights {
        static W: OnceLock<Weights> = OnceLock::new();
        W.get_or_init(|| Self::with_patterns(PatternWeights::shipped().clone()))
    }

    /// The compact evaluation (the browser's): [`PatternWeights::compact`] on 8×8.
    pub fn compact() -> &'static Weights {
        static W: OnceLock<Weights> = OnceLock::new();
        W.get_or_init(|| Self::with_patterns(PatternWeights::compact().clone()))
    }

    /// The shipped features with `patterns` as the 8×8 evaluation: how
    /// every pattern file (shipped, compact, installed, or a fit's) plays.
    pub fn with_patterns(patterns: PatternWeights) -> Weights {
        Weights { patterns: Some(Box::new(patterns)), ..Self::features() }
    }

    /// The embedded paper-000 features, without patterns.
    fn features() -> Weights {
        Weights::from_bytes(include_bytes!("../../weights/fitted.ywt")).expect("the embedded weights file is valid")
    }

    /// These weights without the pattern evaluation: paper 000's features
    /// on every board (what 8×8 used before the patterns).
    pub fn without_patterns(&self) -> Weights {
        Weights { patterns: None, ..self.clone() }
    }

    /// Reads a weights file: magic, four u16 counts (stages, table size,
    /// features, shapes), the tables, then per shape its rows, columns and
    /// feature weights; every number little-endian i16.
    pub fn from_bytes(b: &[u8]) -> Result<Weights, Error> {
        let bad = |why: &str| Error::BadWeights(why.to_string());
        if b.len() < 16 || &b[..8] != MAGIC {
            return Err(bad("not a Yomi weights file (wrong magic)"));
        }
        let u = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]) as usize;
        let (stages, size, nf, nshapes) = (u(8), u(10), u(12), u(14));
        if stages != STAGES || size != TABLE_SIZE || nf != NFEATURES {
            return Err(bad(&format!(
                "layout {stages} stages × {size} entries × {nf} features, expected {STAGES} × {TABLE_SIZE} × {NFEATURES}"
            )));
        }
        let shape_bytes = 2 + 2 * STAGES * NFEATURES;
        let expected = 16 + 2 * STAGES * TABLE_SIZE + nshapes * shape_bytes;
        if b.len() != expected {
            return Err(bad(&format!("{} bytes, expected {expected}", b.len())));
        }
        let i16_at = |i: usize| i16::from_le_bytes([b[i], b[i + 1]]);
        let tables = (0..STAGES * TABLE_SIZE).map(|k| i16_at(16 + 2 * k)).collect();
        let mut shapes = Vec::new();
        let mut at = 16 + 2 * STAGES * TABLE_SIZE;
        for _ in 0..nshapes {
            let (r, c) = (b[at], b[at + 1]);
            let w = (0..STAGES * NFEATURES).map(|k| i16_at(at + 2 + 2 * k)).collect();
            shapes.push(((r, c), w));
            at += shape_bytes;
        }
        Ok(Weights { tables, shapes, patterns: None })
    }

    /// The weights in their file format, which `from_bytes` reads back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        for n in [STAGES, TABLE_SIZE, NFEATURES, self.shapes.len()] {
            b.extend_from_slice(&(n as u16).to_le_bytes());
        }
        for v in &self.tables {
            b.extend_from_slice(&v.to_le_bytes());
        }
        for ((r, c), w) in &self.shapes {
            b.push(*r);
            b.push(*c);
            for v in w {
                b.extend_from_slice(&v.to_le_bytes());
            }
        }
        b
    }

    /// The feature weights of `size` (a shape and its transpose share them);
    /// a shape the file lacks borrows those of the nearest size.
    pub fn feature_weights(&self, size: BoardSize) -> &[i16] {
        let key = (size.rows().min(size.cols()) as u8, size.rows().max(size.cols()) as u8);
        let squares = size.squares() as i32;
        self.shapes
            .iter()
            .min_by_key(|((r, c), _)| ((*r as i32 * *c as i32 - squares).abs(), ((*r, *c) != key) as i32))
            .map(|(_, w)| w.as_slice())
            .expect("a weights file names at least one shape")
    }
}

/// The evaluation of one board shape, ready to use: its windows and weights.
#[derive(Clone, Debug)]
pub struct Evaluator<'w, G> {
    windows: Vec<Window>,
    tables: &'w [i16],
    features: [[i32; NFEATURES]; STAGES],
    /// On 8×8, the pattern evaluation if the weights have one.
    patterns: Option<&'w PatternWeights>,
    _shape: std::marker::PhantomData<G>,
}

impl<'w, G: MoveGen> Evaluator<'w, G> {
    /// An evaluator over `weights`.
    pub fn new(weights: &'w Weights) -> Self {
        let fw = weights.feature_weights(G::SIZE);
        let mut features = [[0i32; NFEATURES]; STAGES];
        for (s, row) in features.iter_mut().enumerate() {
            for (f, w) in row.iter_mut().enumerate() {
                *w = fw[s * NFEATURES + f] as i32;
            }
        }
        let patterns = if G::ROWS == 8 && G::COLS == 8 { weights.patterns.as_deref() } else { None };
        Evaluator { windows: windows(G::ROWS, G::COLS), tables: &weights.tables, features, patterns, _shape: Default::default() }
    }

    /// Whether these leaves read the 8×8 pattern evaluation.
    pub fn reads_patterns(&self) -> bool {
        G::ROWS == 8 && G::COLS == 8 && self.patterns.is_some()
    }

    /// The value of (`p`, `o`) for the side owning `p`, in evaluation units,
    /// strictly inside ±`SQUARES`·`SCALE` so that it never looks like a
    /// finished game: [`Self::eval_near`] over an unbounded window.
    #[inline]
    pub fn eval(&self, p: u64, o: u64) -> i32 {
        self.eval_near(p, o, i32::MIN, i32::MAX)
    }

    /// [`Self::eval`] where only whether the value lies inside (`lo`, `hi`)
    /// matters (evaluation units): a pattern network is read only near the
    /// window, and beyond it a bound on the value on the same side comes
    /// back ([`PatternWeights::value_near`]). Not inlined: it is large,
    /// called from many places, and its own cost dwarfs a call's.
    #[inline(never)]
    pub fn eval_near(&self, p: u64, o: u64, lo: i32, hi: i32) -> i32 {
        let limit = G::SQUARES as i32 * SCALE - 1;
        // The shape test is a constant: other boards compile without it.
        if G::ROWS == 8 && G::COLS == 8 {
            if let Some(pw) = self.patterns {
                let unit = |v: i32| v.saturating_mul(UNIT / SCALE);
                let v = pw.value_near(p, o, G::moves(p, o), G::moves(o, p), unit(lo), unit(hi));
                return (v * SCALE / UNIT).clamp(-limit, limit);
            }
        }
        self.shape_value(p, o)
    }

    /// The value by the shape's own windows and count terms.
    #[inline(always)]
    fn shape_value(&self, p: u64, o: u64) -> i32 {
        let limit = G::SQUARES as i32 * SCALE - 1;
        let st = stage((p | o).count_ones(), G::SQUARES as u32);
        let table = &self.tables[st * TABLE_SIZE..(st + 1) * TABLE_SIZE];
        let mut v = 0i32;
        for w in &self.windows {
            v += table[w.pattern.offset() + pattern_index(w, p, o)] as i32;
        }
        let f = features::<G>(p, o);
        let mut s = 0i32;
        for (x, w) in f.iter().zip(self.features[st].iter()) {
            s += x * w;
        }
        (v + s / 16).clamp(-limit, limit)
    }
}

/// The evaluation of `pos` for the side to move, in evaluation units (a
/// run-time entry point; searches use [`Evaluator`] directly).
pub fn evaluate(pos: &crate::rules::position::Position, weights: &Weights) -> i32 {
    crate::with_geometry!(pos.size(), G => Evaluator::<G>::new(weights).eval(pos.player(), pos.opponent()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Dims;

    #[test]
    fn windows_cover_each_edge() {
        let w = windows(8, 8);
        assert_eq!(w.len(), 4);
        assert!(w.iter().all(|w| w.pattern == Pattern::Edge8));
        let w = windows(4, 16);
        assert_eq!(w.iter().filter(|w| w.pattern == Pattern::Corner5).count(), 4);
        assert_eq!(w.iter().filter(|w| w.pattern == Pattern::Edge4).count(), 2);
        // A corner window starts at its corner.
        assert!(w.iter().filter(|w| w.pattern == Pattern::Corner5).all(|w| [0, 15, 48, 63].contains(&w.squares[0])));
    }

    #[test]
    fn pattern_offsets_tile_the_table() {
        let mut at = 0;
        for p in Pattern::ALL {
            assert_eq!(p.offset(), at);
            at += p.size();
        }
        assert_eq!(at, TABLE_SIZE);
    }

    #[test]
    fn index_is_base_three_from_the_corner() {
        let w = windows(8, 8)[0];
        // a1 (square 0) own, b1 opponent's: 1 + 2*3.
        assert_eq!(pattern_index(&w, 1, 2), 7);
    }

    #[test]
    fn shipped_weights_load_and_evaluate_the_start_evenly() {
        let w = Weights::shipped();
        assert_eq!(Weights::from_bytes(&w.to_bytes()).unwrap(), w.without_patterns());
        let e = Evaluator::<Dims<8, 8>>::new(w);
        let (p, o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        assert!(e.eval(p, o).abs() < 4 * SCALE);
    }

    #[test]
    fn rejects_bad_files() {
        assert!(Weights::from_bytes(b"nonsense").is_err());
        let mut b = Weights::shipped().to_bytes();
        b.pop();
        assert!(matches!(Weights::from_bytes(&b), Err(Error::BadWeights(_))));
    }
}
