//! The opening book: 8×8 Othello positions from the standard start, each
//! with the best move out of the book and its searched value, values backed
//! up by negamax ([`store`]); grown by the engine's own searches
//! ([`grow`]); kept as about five bytes a position or as text ([`file`](mod@file)).
//! It sits above [`crate::play`], whose searches value its leaves, and the
//! players of the layers above consult it before they search.

pub mod store;
pub mod file;
pub mod answer;
pub mod openings;
#[cfg(not(target_arch = "wasm32"))]
pub mod grow;
pub mod played;

pub use answer::{answer, line};
pub use openings::opening_name;
pub use store::{Book, BookMove, Source};

impl Book {
    /// The book in the repository (`engine/book/book.ybk`), built into the
    /// native binary; the browser fetches the same file after its first
    /// paint.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn shipped() -> &'static Book {
        static B: std::sync::OnceLock<Book> = std::sync::OnceLock::new();
        B.get_or_init(|| Book::from_bytes(include_bytes!("../../book/book.ybk")).expect("the embedded book is valid"))
    }
}
