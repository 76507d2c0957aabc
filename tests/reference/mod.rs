//! A deliberately naive Othello: a grid of cells, moves found by walking
//! each of the eight directions one square at a time. No bit tricks, no
//! shared code with the engine beyond reading its positions, so the engine's
//! bitboard rules are checked against an independent implementation.

#![allow(dead_code)]

use yomi::{BoardSize, Color, Game, Position, Square, Squares, Start, Status};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    /// 0 empty, 1 black, 2 white; row by row from a1.
    pub cells: Vec<u8>,
    /// 1 black, 2 white.
    pub to_move: u8,
}

const DIRS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

impl Board {
    pub fn from_position(pos: &Position) -> Board {
        let size = pos.size();
        let mut cells = vec![0u8; size.squares()];
        for (i, cell) in cells.iter_mut().enumerate() {
            let sq = Square::from_index(size, i as u32).unwrap();
            *cell = match pos.color_at(sq) {
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
                None => 0,
            };
        }
        let to_move = if pos.to_move() == Color::Black { 1 } else { 2 };
        Board { rows: size.rows(), cols: size.cols(), cells, to_move }
    }

    /// The start position written out by hand from the rules' definition.
    pub fn start(rows: usize, cols: usize, reversi: bool) -> Board {
        let mut cells = vec![0u8; rows * cols];
        let (r, c) = (rows / 2 - 1, cols / 2 - 1);
        let at = |r: usize, c: usize| r * cols + c;
        if reversi {
            cells[at(r, c)] = 1;
            cells[at(r + 1, c)] = 1;
            cells[at(r, c + 1)] = 2;
            cells[at(r + 1, c + 1)] = 2;
        } else {
            cells[at(r, c)] = 2;
            cells[at(r + 1, c + 1)] = 2;
            cells[at(r, c + 1)] = 1;
            cells[at(r + 1, c)] = 1;
        }
        Board { rows, cols, cells, to_move: 1 }
    }

    pub fn to_position(&self) -> Position {
        let size = BoardSize::new(self.rows, self.cols).unwrap();
        let mut black = 0u64;
        let mut white = 0u64;
        for (i, &c) in self.cells.iter().enumerate() {
            match c {
                1 => black |= 1 << i,
                2 => white |= 1 << i,
                _ => {}
            }
        }
        let to_move = if self.to_move == 1 { Color::Black } else { Color::White };
        Position::new(size, black, white, to_move).unwrap()
    }

    fn get(&self, r: i32, c: i32) -> Option<u8> {
        if r < 0 || c < 0 || r >= self.rows as i32 || c >= self.cols as i32 {
            None
        } else {
            Some(self.cells[r as usize * self.cols + c as usize])
        }
    }

    /// Squares (as indices) flipped by the side to move playing at `index`.
    pub fn flips(&self, index: usize) -> Vec<usize> {
        if self.cells[index] != 0 {
            return Vec::new();
        }
        let me = self.to_move;
        let them = 3 - me;
        let (r0, c0) = ((index / self.cols) as i32, (index % self.cols) as i32);
        let mut all = Vec::new();
        for (dr, dc) in DIRS {
            let mut line = Vec::new();
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            while self.get(r, c) == Some(them) {
                line.push(r as usize * self.cols + c as usize);
                r += dr;
                c += dc;
            }
            if !line.is_empty() && self.get(r, c) == Some(me) {
                all.extend(line);
            }
        }
        all.sort();
        all
    }

    pub fn legal_moves(&self) -> Vec<usize> {
        (0..self.cells.len()).filter(|&i| !self.flips(i).is_empty()).collect()
    }

    pub fn play(&self, index: usize) -> Board {
        let mut next = self.clone();
        for f in self.flips(index) {
            next.cells[f] = self.to_move;
        }
        next.cells[index] = self.to_move;
        next.to_move = 3 - self.to_move;
        next
    }

    pub fn passed(&self) -> Board {
        Board { to_move: 3 - self.to_move, ..self.clone() }
    }

    pub fn is_over(&self) -> bool {
        self.legal_moves().is_empty() && self.passed().legal_moves().is_empty()
    }

    /// perft by the definition: passes are plies, finished games are leaves.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            if self.passed().legal_moves().is_empty() {
                return 1;
            }
            return self.passed().perft(depth - 1);
        }
        moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum()
    }

    /// Final score for Black: world rule, or paper 001's when `paper`.
    pub fn final_score(&self, paper: bool) -> i32 {
        let b = self.cells.iter().filter(|&&c| c == 1).count() as i32;
        let w = self.cells.iter().filter(|&&c| c == 2).count() as i32;
        let e = self.cells.len() as i32 - b - w;
        let to_winner = !paper || b == 0 || w == 0;
        if b > w && to_winner {
            b - w + e
        } else if w > b && to_winner {
            b - w - e
        } else {
            b - w
        }
    }
}

impl Board {
    /// The exact final score for the side to move by plain negamax with
    /// alpha-beta over the grid: no table, no ordering, no symmetry.
    pub fn solve(&self, paper: bool) -> i32 {
        self.negamax(paper, -1000, 1000)
    }

    fn negamax(&self, paper: bool, mut alpha: i32, beta: i32) -> i32 {
        let moves = self.legal_moves();
        if moves.is_empty() {
            if self.passed().legal_moves().is_empty() {
                let black = self.final_score(paper);
                return if self.to_move == 1 { black } else { -black };
            }
            return -self.passed().negamax(paper, -beta, -alpha);
        }
        let mut best = -1000;
        for m in moves {
            let v = -self.play(m).negamax(paper, -beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// A random game on `BoardSize::ALL[board]` (modulo their count), played by
/// random legal moves (passes as the rules force) while `go_on` holds and
/// the game is not over. Shared by the suites that need random positions.
pub fn random_game(board: usize, reversi: bool, seed: u64, go_on: impl Fn(&Game) -> bool) -> Game {
    let size = BoardSize::ALL[board % BoardSize::ALL.len()];
    let st = if reversi { Start::Reversi } else { Start::Othello };
    let mut game = Game::new(Position::start(size, st));
    let mut rng = seed | 1;
    while go_on(&game) {
        match game.status() {
            Status::Over => break,
            Status::Pass => game.pass().unwrap(),
            Status::Move => {
                let moves: Vec<u32> = Squares(game.current().legal_moves()).collect();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let sq = moves[(rng % moves.len() as u64) as usize];
                game.play(Square::from_index(size, sq).unwrap()).unwrap();
            }
        }
    }
    game
}
