//! What a front end asks of a search (a level, a depth, a time) and the one
//! rule that turns it into what the search does, for Othello's levels and
//! Score Four's alike: `yomi search` and `yomi match`, GTP and NBoard, the
//! browser's `search`, and Score Four's command line and binding all call
//! [`Asked::resolve`], so `time` means the same everywhere.
//!
//! The rule:
//! - a level gives depth, time and the rest; a depth alone gives a plain
//!   search of that depth; neither gives the usual level (Othello's hard);
//! - a depth asked beside a level replaces the level's depth;
//! - a time replaces the level's time and nothing else: the level's depth
//!   stays, so `level=hard,time=1` is hard within a second;
//! - a time with neither a level nor a depth searches as deep as the time
//!   allows: the strongest level with its time replaced.

use crate::error::Error;

/// A game's levels, as the rule sees them.
pub trait Strength: Copy {
    /// The deepest search the game takes, in plies.
    const MAX_DEPTH: u32;
    /// A level by name or number.
    fn named(name: &str) -> Result<Self, Error>;
    /// What a front end asked nothing of gets.
    fn usual() -> Self;
    /// A plain search of `depth` plies.
    fn of_depth(depth: u32) -> Self;
    /// The strongest level, searching as deep as its time allows.
    fn deepest() -> Self;
    /// Replaces the depth.
    fn set_depth(&mut self, depth: u32);
    /// Replaces the time a move may take.
    fn set_seconds(&mut self, seconds: f64);
}

/// What a front end was asked.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Asked<'a> {
    /// A level by name or number.
    pub level: Option<&'a str>,
    /// Plies.
    pub depth: Option<u32>,
    /// Seconds a move may take.
    pub time: Option<f64>,
}

impl Asked<'_> {
    /// The level the rule gives (the module says how), every value checked.
    pub fn resolve<S: Strength>(&self) -> Result<S, Error> {
        self.check::<S>()?;
        let base = match (self.level, self.depth, self.time) {
            (Some(name), _, _) => S::named(name)?,
            (None, Some(d), _) => S::of_depth(d),
            (None, None, Some(_)) => S::deepest(),
            (None, None, None) => S::usual(),
        };
        self.apply(base)
    }

    /// `base` (a level the front end chose itself, as a match's paper-000
    /// player) with the depth and time asked put in its place.
    pub fn apply<S: Strength>(&self, mut base: S) -> Result<S, Error> {
        self.check::<S>()?;
        if let Some(d) = self.depth {
            base.set_depth(d);
        }
        if let Some(t) = self.time {
            base.set_seconds(t);
        }
        Ok(base)
    }

    fn check<S: Strength>(&self) -> Result<(), Error> {
        self.depth.map(|d| checked_depth(d, S::MAX_DEPTH)).transpose()?;
        self.time.map(checked_seconds).transpose()?;
        Ok(())
    }
}

/// `depth` if it is within 1 to `max` plies.
pub fn checked_depth(depth: u32, max: u32) -> Result<u32, Error> {
    if (1..=max).contains(&depth) {
        Ok(depth)
    } else {
        Err(Error::BadDepth { depth, max })
    }
}

/// `seconds` if it is a positive number (at most 10^9, which a clock can
/// add to its start): the one check of every time limit a front end is given.
pub fn checked_seconds(seconds: f64) -> Result<f64, Error> {
    if seconds > 0.0 && seconds <= 1e9 {
        Ok(seconds)
    } else {
        Err(Error::BadTime(seconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::four::level::FourLevel;
    use crate::play::level::Level;

    fn asked(level: Option<&str>, depth: Option<u32>, time: Option<f64>) -> Asked<'_> {
        Asked { level, depth, time }
    }

    #[test]
    fn a_time_replaces_the_levels_time_and_keeps_its_depth() {
        let hard = Level::parse("hard").unwrap();
        let l: Level = asked(Some("hard"), None, Some(1.5)).resolve().unwrap();
        assert_eq!(l, Level { seconds: Some(1.5), ..hard });
        let expert = Level::parse("expert").unwrap();
        let l: Level = asked(Some("expert"), None, Some(30.0)).resolve().unwrap();
        assert_eq!(l, Level { seconds: Some(30.0), ..expert });
        let l: Level = asked(Some("hard"), Some(8), None).resolve().unwrap();
        assert_eq!(l, Level { depth: 8, ..hard });
        let l: Level = asked(None, Some(12), Some(2.0)).resolve().unwrap();
        assert_eq!(l, Level { seconds: Some(2.0), ..Level::depth(12) });
        let l: Level = asked(None, None, Some(2.0)).resolve().unwrap();
        assert_eq!(l, Level { seconds: Some(2.0), ..Level::parse("maximum").unwrap() });
        let l: Level = asked(None, None, None).resolve().unwrap();
        assert_eq!(l, hard);
        // Score Four by the same rule.
        let f: FourLevel = asked(Some("hard"), None, Some(0.5)).resolve().unwrap();
        assert_eq!((f.depth, f.seconds), (6, Some(0.5)));
        let f: FourLevel = asked(None, None, Some(0.5)).resolve().unwrap();
        assert_eq!((f.depth, f.seconds), (64, Some(0.5)));
    }

    #[test]
    fn one_check_and_one_message_for_each_limit() {
        for t in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e10] {
            let e = asked(None, None, Some(t)).resolve::<Level>().unwrap_err();
            assert!(matches!(e, Error::BadTime(_)));
            assert!(e.to_string().starts_with("time ") && e.to_string().ends_with("is not a positive number of seconds"), "{e}");
            assert_eq!(asked(None, None, Some(t)).resolve::<FourLevel>().unwrap_err().to_string(), e.to_string());
        }
        assert_eq!(asked(None, Some(61), None).resolve::<Level>().unwrap_err(), Error::BadDepth { depth: 61, max: 60 });
        assert_eq!(asked(None, Some(0), None).resolve::<FourLevel>().unwrap_err(), Error::BadDepth { depth: 0, max: 64 });
        assert!(matches!(asked(Some("grandmaster"), None, None).resolve::<Level>(), Err(Error::BadLevel(_))));
    }
}
