//! The fits' loss: how hard a position's error pulls on the weights.

/// The gradient of the loss at error `err` (value − label, in discs):
/// squared error pulls by the error itself; Huber's loss at `huber` discs
/// pulls by at most that much, so a label far off (a result a later
/// blunder decided) moves the fit no more than one a few discs off.
#[inline]
pub fn pull(err: f32, huber: Option<u8>) -> f32 {
    huber.map_or(err, |d| err.clamp(-(d as f32), d as f32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huber_caps_the_pull_and_squared_error_does_not() {
        assert_eq!(pull(-30.0, None), -30.0);
        assert_eq!(pull(-30.0, Some(4)), -4.0);
        assert_eq!(pull(2.5, Some(4)), 2.5);
        assert_eq!(pull(9.0, Some(4)), 4.0);
    }
}
