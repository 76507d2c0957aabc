//! Growing the book Edax's way (its `deviate`): from the start, follow every
//! book move within `rel` discs of its position's best and within `abs`
//! discs of the start's value for the side that plays it; where such a move
//! is a leaf, add its position, valued by a search that leaves out the moves
//! already in the book; then back values up by negamax and look again. A
//! position searched at a lower depth than asked is searched again.

use std::collections::HashSet;

use rayon::prelude::*;

use crate::book::store::{next, position, Book, Key, Next, Source, G};
use crate::parallel::Mode;
use crate::play::level::Level;
use crate::play::search::{search, SearchOptions};
use crate::rules::game::Move;
use crate::rules::movegen::MoveGen;
use crate::rules::position::{Color, Scoring};
use crate::search::tt::TranspositionTable;

/// Leaves searched between two looks at the window: fixed, so that a book
/// grows the same on any number of threads.
const BATCH: usize = 16;

/// How to grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrowOptions {
    /// Depth of the searches that value leaves (ProbCut selectivity 1).
    pub depth: u8,
    /// Expand moves at most this many discs worse than their position's best.
    pub rel: u8,
    /// … and at most this many discs worse, for the side that plays them,
    /// than the start's value.
    pub abs: u8,
    /// Expand positions up to this many plies from the start.
    pub plies: u8,
}

/// What a growth has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Positions in the book now.
    pub positions: usize,
    /// Leaves added and leaves searched again since the growth began.
    pub added: usize,
    /// Leaf searches run since the growth began.
    pub searches: usize,
    /// Work still to do in the window as last looked at.
    pub waiting: usize,
}

/// How a growth ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Nothing in the window is left to add or search again.
    Complete,
    /// `stop` said so; the book is whole and can grow on later.
    Stopped,
}

/// One piece of work the window asks for.
#[derive(Clone, Copy, Debug)]
enum Work {
    /// Add the position (p, o) and search its leaf.
    Add { p: u64, o: u64 },
    /// Search the leaf of (p, o), already in the book, again.
    Revalue { p: u64, o: u64 },
}

impl Work {
    fn position(self) -> (u64, u64) {
        match self {
            Work::Add { p, o } | Work::Revalue { p, o } => (p, o),
        }
    }
}

/// Grows `book` until nothing in the window is left or `stop()` says so
/// (asked between batches); `each` sees the book after every batch.
/// Searches run on the current rayon pool, one position a thread.
pub fn grow(book: &mut Book, opts: &GrowOptions, stop: &dyn Fn() -> bool, each: &mut dyn FnMut(&Book, &Progress)) -> Ended {
    run(book, opts.depth, &|b| window(b, opts), stop, each)
}

/// Grows `book` until it holds every position of `keys` (canonical, each
/// after the first reached by a move from an earlier one, as
/// [`played`](crate::book::played::played) lists them), each added with a
/// leaf searched to `depth`; as [`grow`] otherwise.
pub fn grow_along(book: &mut Book, keys: &[Key], depth: u8, stop: &dyn Fn() -> bool, each: &mut dyn FnMut(&Book, &Progress)) -> Ended {
    run(book, depth, &|b| keys.iter().filter(|k| !b.contains(k)).map(|k| Work::Add { p: k.p, o: k.o }).collect(), stop, each)
}

/// The growth loop: a batch of the window's work, the leaves it made stale
/// searched again, values backed up; until the window is empty.
fn run(book: &mut Book, depth: u8, window: &dyn Fn(&Book) -> Vec<Work>, stop: &dyn Fn() -> bool, each: &mut dyn FnMut(&Book, &Progress)) -> Ended {
    let mut progress = Progress { positions: book.len(), ..Progress::default() };
    loop {
        if stop() {
            return Ended::Stopped;
        }
        let work = window(book);
        progress.waiting = work.len();
        if work.is_empty() {
            return Ended::Complete;
        }
        let now: Vec<Work> = work.into_iter().take(BATCH).collect();
        progress.added += now.iter().filter(|w| matches!(w, Work::Add { .. })).count();
        apply(book, now.iter().map(|w| w.position()).collect(), depth, &mut progress);
        // Leaves that now lead into the book are searched again without them.
        let stale: Vec<(u64, u64)> = book.entries().map(|(k, _)| *k).filter(|k| book.leaf_is_stale(*k)).map(|k| (k.p, k.o)).collect();
        apply(book, stale, depth, &mut progress);
        book.back_up();
        progress.positions = book.len();
        each(book, &progress);
    }
}

/// Searches the leaves of `positions` in parallel and puts them in the book.
fn apply(book: &mut Book, positions: Vec<(u64, u64)>, depth: u8, progress: &mut Progress) {
    let shared: &Book = book;
    let found: Vec<_> = positions.par_iter().map(|&(p, o)| (p, o, appraise(shared, p, o, depth))).collect();
    progress.searches += found.len();
    for (p, o, leaf) in found {
        book.put(p, o, leaf, depth);
    }
}

thread_local! {
    static TABLE: TranspositionTable = TranspositionTable::with_mib(16);
}

/// The best move of side-relative (`p`, `o`) that does not lead into the
/// book, with its value from a search of `depth` plies (a cleared table
/// each time, so a book grows the same on any number of threads).
pub fn appraise(book: &Book, p: u64, o: u64, depth: u8) -> Option<(u32, i8)> {
    let exclude = book.moves_into_book(p, o);
    if G::moves(p, o) & !exclude == 0 {
        return None;
    }
    let pos = position(p, o, Color::Black);
    let level = Level { selectivity: 1, ..Level::depth(depth as u32) };
    let opts = SearchOptions { exclude, mode: Mode::Serial, ..SearchOptions::new(level, Scoring::World) };
    TABLE.with(|tt| {
        tt.clear();
        let r = search(&pos, tt, &opts, None, &mut |_| {});
        match r.best {
            Some(Move::Play(sq)) => Some((sq.index(), r.score.round().clamp(-64.0, 64.0) as i8)),
            _ => None,
        }
    })
}

/// The work the window asks for, nearest the start first.
fn window(book: &Book, opts: &GrowOptions) -> Vec<Work> {
    let (p, o) = Book::root();
    let Some(root) = book.get(&Key::of(p, o).0) else {
        return vec![Work::Add { p, o }];
    };
    let mut work = Vec::new();
    let mut seen = HashSet::new();
    visit(book, opts, root.value, p, o, Color::Black, &mut seen, &mut work);
    work.sort_by_key(|w| {
        let (p, o) = w.position();
        (p | o).count_ones()
    });
    let mut added = HashSet::new();
    work.retain(|w| {
        let (p, o) = w.position();
        added.insert(Key::of(p, o).0)
    });
    work
}

#[allow(clippy::too_many_arguments)]
fn visit(book: &Book, opts: &GrowOptions, root: i8, p: u64, o: u64, side: Color, seen: &mut HashSet<Key>, work: &mut Vec<Work>) {
    let key = Key::of(p, o).0;
    if !seen.insert(key) {
        return;
    }
    let entry = *book.get(&key).expect("visited positions are in the book");
    if entry.depth < opts.depth && entry.leaf.is_some() {
        work.push(Work::Revalue { p, o });
    }
    if key.ply() >= opts.plies as u32 {
        return;
    }
    let for_side = if side == Color::Black { root } else { -root };
    let floor = (entry.value as i32 - opts.rel as i32).max(for_side as i32 - opts.abs as i32);
    let moves = book.moves(&position(p, o, side)).expect("visited positions are in the book");
    for m in moves.iter().filter(|m| m.value as i32 >= floor) {
        let Next::Child { p: cp, o: co, passed } = next(p, o, m.square.index()) else { continue };
        let child_side = if passed { side } else { side.opposite() };
        match m.source {
            Source::Book => visit(book, opts, root, cp, co, child_side, seen, work),
            Source::Leaf { .. } => work.push(Work::Add { p: cp, o: co }),
            Source::End => {}
        }
    }
}
