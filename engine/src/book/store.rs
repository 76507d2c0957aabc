//! The book's positions: 8×8 Othello, each kept once up to the board's eight
//! symmetries, with its leaf (the best move whose position is not in the
//! book, valued by a search of a stated depth). A position's value is the
//! negamax of its leaf and its moves into the book, kept current by
//! [`Book::back_up`].

use std::collections::{HashMap, HashSet};

use crate::rng::Rng;
use crate::rules::geometry::{BoardSize, Dims};
use crate::rules::movegen::{MoveGen, Squares};
use crate::rules::position::{Color, Position, Scoring};
use crate::rules::square::Square;
use crate::rules::symmetry::{canonical, transform, Symmetry};

pub(crate) type G = Dims<8, 8>;

/// A position in its canonical form: side-relative discs (`p` to move), the
/// least pair over the symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// The discs of the side to move.
    pub p: u64,
    /// The opponent's discs.
    pub o: u64,
}

impl Key {
    /// The key of side-relative (`p`, `o`), and the symmetry that takes
    /// (`p`, `o`) to it.
    pub fn of(p: u64, o: u64) -> (Key, Symmetry) {
        let (p, o, sym) = canonical::<G>(p, o);
        (Key { p, o }, sym)
    }

    /// Moves played from the start (passes aside).
    pub fn ply(self) -> u32 {
        (self.p | self.o).count_ones() - 4
    }
}

/// The best move out of the book from a position, and its value from a
/// search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// Square index in the key's frame.
    pub square: u8,
    /// Discs for the side to move.
    pub value: i8,
}

/// One book position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// `None` once every move leads into the book (or ends the game).
    pub leaf: Option<Leaf>,
    /// The depth of the search that valued the leaf.
    pub depth: u8,
    /// Negamax of the leaf and the moves into the book, for the side to
    /// move (set by [`Book::back_up`]).
    pub value: i8,
}

/// Where a move from side-relative (`p`, `o`) leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A position with a move to play: side-relative, and whether its side
    /// to move is the one that just moved (the other side had to pass).
    Child {
        /// The discs of the side to move there.
        p: u64,
        /// The opponent's discs there.
        o: u64,
        /// The side that just moved moves again: the other had to pass.
        passed: bool,
    },
    /// The game ended: the final score for the side that moved.
    Over(i8),
}

/// Where `sq` (legal) leads from (`p`, `o`).
pub fn next(p: u64, o: u64, sq: u32) -> Next {
    let f = G::flips(p, o, sq);
    let (mine, theirs) = (p ^ f ^ (1 << sq), o ^ f);
    if G::moves(theirs, mine) != 0 {
        Next::Child { p: theirs, o: mine, passed: false }
    } else if G::moves(mine, theirs) != 0 {
        Next::Child { p: mine, o: theirs, passed: true }
    } else {
        Next::Over(Scoring::World.final_score(mine.count_ones(), theirs.count_ones(), 64) as i8)
    }
}

/// How a book move is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Its position is in the book: the value is the book's negamax.
    Book,
    /// The position's leaf: valued by a search of this depth.
    Leaf {
        /// The depth of the search that valued it.
        depth: u8,
    },
    /// It ends the game: the value is the final score.
    End,
}

/// A move the book knows from some position, in that position's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, in the frame of the position it is played from.
    pub square: Square,
    /// Discs for the side to move.
    pub value: i8,
    /// How its value is known.
    pub source: Source,
}

/// An opening book. Every position in it can be reached from the start
/// through positions in it; values are current after every public change.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<Key, Entry>,
}

impl Book {
    /// An empty book.
    pub fn new() -> Book {
        Book::default()
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of a canonical position, if the book has it.
    pub fn get(&self, key: &Key) -> Option<&Entry> {
        self.entries.get(key)
    }

    /// Whether the book has a canonical position.
    pub fn contains(&self, key: &Key) -> bool {
        self.entries.contains_key(key)
    }

    /// Every position with its entry, in no set order.
    pub fn entries(&self) -> impl Iterator<Item = (&Key, &Entry)> {
        self.entries.iter()
    }

    /// The root: the Othello start, side-relative.
    pub fn root() -> (u64, u64) {
        let start = Position::start(BoardSize::OTHELLO, crate::rules::position::Start::Othello);
        (start.player(), start.opponent())
    }

    /// Puts a position in (its leaf in the frame of `p`, `o`); values are
    /// stale until [`Book::back_up`].
    pub(crate) fn put(&mut self, p: u64, o: u64, leaf: Option<(u32, i8)>, depth: u8) {
        let (key, sym) = Key::of(p, o);
        let leaf = leaf.map(|(sq, value)| Leaf { square: map_square(sym, sq), value });
        self.entries.insert(key, Entry { leaf, depth, value: 0 });
    }

    /// The key's position after `sq`, if that position is in the book.
    fn child_in_book(&self, key: Key, sq: u32) -> Option<(Key, bool)> {
        match next(key.p, key.o, sq) {
            Next::Child { p, o, passed } => {
                let (k, _) = Key::of(p, o);
                self.entries.contains_key(&k).then_some((k, passed))
            }
            Next::Over(_) => None,
        }
    }

    /// Moves from side-relative (`p`, `o`) whose positions are in the book.
    pub fn moves_into_book(&self, p: u64, o: u64) -> u64 {
        Squares(G::moves(p, o))
            .filter(|&sq| matches!(next(p, o, sq), Next::Child { p, o, .. } if self.contains(&Key::of(p, o).0)))
            .fold(0, |m, sq| m | 1 << sq)
    }

    /// Whether the key's leaf now leads into the book (it must be searched
    /// again, with that move left out).
    pub fn leaf_is_stale(&self, key: Key) -> bool {
        let entry = &self.entries[&key];
        entry.leaf.is_some_and(|l| self.child_in_book(key, l.square as u32).is_some())
    }

    /// Recomputes every value by negamax over the book.
    pub fn back_up(&mut self) {
        let mut values: HashMap<Key, i8> = HashMap::with_capacity(self.entries.len());
        let keys: Vec<Key> = self.entries.keys().copied().collect();
        for key in keys {
            self.value_of(key, &mut values);
        }
        for (key, entry) in self.entries.iter_mut() {
            entry.value = values[key];
        }
    }

    fn value_of(&self, key: Key, values: &mut HashMap<Key, i8>) -> i8 {
        if let Some(&v) = values.get(&key) {
            return v;
        }
        let entry = self.entries[&key];
        let mut best = i8::MIN;
        for sq in Squares(G::moves(key.p, key.o)) {
            let v = match next(key.p, key.o, sq) {
                Next::Over(score) => score,
                Next::Child { p, o, passed } => {
                    let (k, _) = Key::of(p, o);
                    if !self.entries.contains_key(&k) {
                        continue;
                    }
                    let v = self.value_of(k, values);
                    if passed {
                        v
                    } else {
                        -v
                    }
                }
            };
            best = best.max(v);
        }
        if let Some(leaf) = entry.leaf {
            if self.child_in_book(key, leaf.square as u32).is_none() {
                best = best.max(leaf.value);
            }
        }
        // A position with neither (an import's dead end) counts as even.
        let v = if best == i8::MIN { 0 } else { best };
        values.insert(key, v);
        v
    }

    /// The book's entry for `pos`, if it is an 8×8 position in the book.
    pub fn lookup(&self, pos: &Position) -> Option<(&Entry, Symmetry)> {
        if pos.size() != BoardSize::OTHELLO {
            return None;
        }
        let (key, sym) = Key::of(pos.player(), pos.opponent());
        self.entries.get(&key).map(|e| (e, sym))
    }

    /// The moves the book knows from `pos`, best first (`None` if `pos` is
    /// not in the book).
    pub fn moves(&self, pos: &Position) -> Option<Vec<BookMove>> {
        let (entry, sym) = self.lookup(pos)?;
        let (p, o) = (pos.player(), pos.opponent());
        let mut out = Vec::new();
        for sq in Squares(G::moves(p, o)) {
            let (value, source) = match next(p, o, sq) {
                Next::Over(score) => (score, Source::End),
                Next::Child { p: cp, o: co, passed } => match self.entries.get(&Key::of(cp, co).0) {
                    Some(e) => (if passed { e.value } else { -e.value }, Source::Book),
                    None => match entry.leaf {
                        Some(l) if map_square(sym.inverse(), l.square as u32) as u32 == sq => {
                            (l.value, Source::Leaf { depth: entry.depth })
                        }
                        _ => continue,
                    },
                },
            };
            out.push(BookMove { square: Square::of_bit(sq), value, source });
        }
        out.sort_by_key(|m| (-(m.value as i32), m.square.index()));
        Some(out)
    }

    /// A book move for `pos` within `bound` discs of the best, chosen
    /// uniformly by `rng` (`None` if `pos` is not in the book).
    pub fn choose(&self, pos: &Position, bound: u8, rng: &mut Rng) -> Option<BookMove> {
        let moves = self.moves(pos)?;
        let best = moves.first()?.value as i32;
        let near: Vec<&BookMove> = moves.iter().filter(|m| m.value as i32 >= best - bound as i32).collect();
        Some(*near[rng.below(near.len() as u64) as usize])
    }

    /// Book positions reachable from side-relative (`p`, `o`), itself
    /// included if it is in the book: the lines a move leads to.
    pub fn positions_under(&self, p: u64, o: u64) -> usize {
        let mut seen = HashSet::new();
        let mut stack = vec![Key::of(p, o).0];
        while let Some(key) = stack.pop() {
            if !self.entries.contains_key(&key) || !seen.insert(key) {
                continue;
            }
            for sq in Squares(G::moves(key.p, key.o)) {
                if let Some((k, _)) = self.child_in_book(key, sq) {
                    stack.push(k);
                }
            }
        }
        seen.len()
    }
}

/// Square `sq` under `sym`.
pub(crate) fn map_square(sym: Symmetry, sq: u32) -> u8 {
    transform::<G>(sym, 1u64 << sq).trailing_zeros() as u8
}

/// The position of side-relative discs with `to_move` to play.
pub(crate) fn position(p: u64, o: u64, to_move: Color) -> Position {
    let (black, white) = match to_move {
        Color::Black => (p, o),
        Color::White => (o, p),
    };
    Position::new(BoardSize::OTHELLO, black, white, to_move).expect("disjoint discs on the board")
}
