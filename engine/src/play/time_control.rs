//! A move's share of a game clock: the one rule the GTP engine and the
//! app's clocks use. Of the time left, a move takes one part in half the
//! empty squares (the mover's moves still to play), at least eight parts so
//! the opening and midgame keep time for the end, less a tenth of a second
//! for the messages around the search; never less than 50 ms.

/// Seconds a move may take with `seconds_left` on the mover's clock and
/// `empties` empty squares.
pub fn move_budget(seconds_left: f64, empties: u32) -> f64 {
    let moves = empties.div_ceil(2).max(8) as f64;
    (seconds_left / moves - 0.1).max(0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_of_the_moves_left_with_a_floor() {
        // A minute at the start (60 empties): 30 moves to play.
        assert!((move_budget(60.0, 60) - 1.9).abs() < 1e-9);
        // Near the end the share stops growing: at least eight parts.
        assert!((move_budget(16.0, 6) - 1.9).abs() < 1e-9);
        // Odd empties round up; an empty clock still gives 50 ms.
        assert!((move_budget(33.0, 21) - (33.0 / 11.0 - 0.1)).abs() < 1e-9);
        assert_eq!(move_budget(0.0, 40), 0.05);
    }
}
