//! The corpus folder's manifest: one line a finished shard, how it was
//! made, and the date it was added.

use std::io;
use std::path::Path;

use crate::error::Error;
use super::{shard::*, work::*};

/// The manifest's name in a corpus folder.
pub const MANIFEST: &str = "manifest.tsv";
/// The work file of the shard being grown.
pub const WORK: &str = "growing.part";

pub(super) const MANIFEST_HEAD: &str =
    "shard\tgames\tpositions\texact\tsearched\tseed\texact_empties\tdepth\tselectivity\topening\tdetours\tcommit\tcpu_seconds\tdate\tsource";

/// A manifest line: one finished shard and how it was made.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The shard's file name in the corpus folder.
    pub file: String,
    /// Games in the shard.
    pub games: u32,
    /// Positions labelled.
    pub positions: u64,
    /// Positions labelled exactly.
    pub exact: u64,
    /// Positions labelled by a search.
    pub searched: u64,
    /// How the games were made.
    pub recipe: Recipe,
    /// The engine commit that made it.
    pub commit: String,
    /// CPU seconds it took.
    pub cpu_seconds: f64,
    /// The day it was finished, YYYY-MM-DD (UTC).
    pub date: String,
}

impl Entry {
    /// The entry of a shard just finished.
    pub fn new(file: &str, shard: &Shard, commit: &str, cpu_seconds: f64, date: &str) -> Entry {
        let positions = shard.positions();
        let exact = positions.iter().filter(|l| l.kind == LabelKind::Exact).count() as u64;
        Entry {
            file: file.to_string(),
            games: shard.games.len() as u32,
            positions: positions.len() as u64,
            exact,
            searched: positions.len() as u64 - exact,
            recipe: shard.recipe,
            commit: commit.to_string(),
            cpu_seconds,
            date: date.to_string(),
        }
    }

    pub(super) fn line(&self) -> String {
        let r = &self.recipe;
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}-{}\t{}\t{}\t{:.1}\t{}\t{}",
            self.file, self.games, self.positions, self.exact, self.searched, r.seed, r.exact, r.depth, r.selectivity,
            r.opening.0, r.opening.1, r.detours, self.commit, self.cpu_seconds, self.date, r.source
        )
    }

    pub(super) fn parse(line: &str) -> Option<Entry> {
        let mut f: Vec<&str> = line.split('\t').collect();
        // Manifests written before detours have no column for them.
        if f.len() == 13 {
            f.insert(10, "0");
        }
        // Nor have those written before tournament shards a source.
        if f.len() == 14 {
            f.push("self-play");
        }
        if f.len() != 15 {
            return None;
        }
        let (lo, hi) = f[9].split_once('-')?;
        let source = match f[14] {
            "self-play" => Source::SelfPlay,
            "self-play from tournament openings" => Source::Branch,
            t => Source::Tournament { first: t.strip_prefix("tournament from game ")?.parse().ok()? },
        };
        Some(Entry {
            file: f[0].to_string(),
            games: f[1].parse().ok()?,
            positions: f[2].parse().ok()?,
            exact: f[3].parse().ok()?,
            searched: f[4].parse().ok()?,
            recipe: Recipe {
                source,
                seed: f[5].parse().ok()?,
                exact: f[6].parse().ok()?,
                depth: f[7].parse().ok()?,
                selectivity: f[8].parse().ok()?,
                opening: (lo.parse().ok()?, hi.parse().ok()?),
                detours: f[10].parse().ok()?,
            },
            commit: f[11].to_string(),
            cpu_seconds: f[12].parse().ok()?,
            date: f[13].to_string(),
        })
    }
}

/// The manifest of the corpus in `dir` (empty if there is none yet).
pub fn read_manifest(dir: &Path) -> Result<Vec<Entry>, Error> {
    let path = dir.join(MANIFEST);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io_error(&path, e)),
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 && line.starts_with("shard\t") || line.trim().is_empty() {
            continue;
        }
        let e = Entry::parse(line)
            .ok_or_else(|| Error::damaged(path.display(), format!("line {}: not a manifest entry", i + 1)))?;
        out.push(e);
    }
    Ok(out)
}

/// Writes `shard` into `dir` as the next shard and lists it in the manifest.
pub fn add_shard(dir: &Path, shard: &Shard, commit: &str, cpu_seconds: f64, date: &str) -> Result<Entry, Error> {
    let entries = read_manifest(dir)?;
    let file = format!("shard-{:04}.ycp", entries.len());
    let path = dir.join(&file);
    std::fs::write(&path, shard.to_bytes()).map_err(|e| io_error(&path, e))?;
    let entry = Entry::new(&file, shard, commit, cpu_seconds, date);
    write_manifest(dir, entries.iter().chain(std::iter::once(&entry)))?;
    Ok(entry)
}

/// Writes `shard` over the shard of manifest line `index` (the same games,
/// labelled again) and its line with `entry`.
pub fn replace_shard(dir: &Path, index: usize, shard: &Shard, entry: &Entry) -> Result<(), Error> {
    let mut entries = read_manifest(dir)?;
    let old = entries.get_mut(index).ok_or_else(|| Error::damaged(dir.join(MANIFEST).display(), format!("no shard {index}")))?;
    debug_assert!(old.file == entry.file && old.games == entry.games && old.recipe.source == entry.recipe.source);
    *old = entry.clone();
    let path = dir.join(&entry.file);
    std::fs::write(&path, shard.to_bytes()).map_err(|e| io_error(&path, e))?;
    write_manifest(dir, entries.iter())
}

fn write_manifest<'a>(dir: &Path, entries: impl Iterator<Item = &'a Entry>) -> Result<(), Error> {
    let mut text = String::from(MANIFEST_HEAD);
    text.push('\n');
    for e in entries {
        text.push_str(&e.line());
        text.push('\n');
    }
    let manifest = dir.join(MANIFEST);
    std::fs::write(&manifest, text).map_err(|e| io_error(&manifest, e))
}

/// Every shard of the corpus in `dir`, checked against its manifest entry.
pub fn load(dir: &Path) -> Result<Vec<(Entry, Shard)>, Error> {
    let mut out = Vec::new();
    for entry in read_manifest(dir)? {
        let shard = read_shard(dir, &entry)?;
        out.push((entry, shard));
    }
    Ok(out)
}

/// The shard of manifest line `entry` in `dir`, checked against it.
pub fn read_shard(dir: &Path, entry: &Entry) -> Result<Shard, Error> {
    let path = dir.join(&entry.file);
    let bytes = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
    let shard = Shard::from_bytes(&bytes).map_err(|e| Error::damaged(path.display(), e))?;
    let n: usize = shard.games.iter().map(|g| g.moves.len()).sum();
    if shard.games.len() != entry.games as usize || n as u64 != entry.positions || shard.recipe != entry.recipe {
        return Err(Error::damaged(path.display(), "does not match its manifest entry"));
    }
    Ok(shard)
}

/// Today's date in UTC, YYYY-MM-DD.
pub fn today() -> String {
    let days = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days to a civil date (the proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}-{m:02}-{d:02}")
}
