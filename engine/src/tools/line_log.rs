//! A file of records, one a line, appended one whole line a write and
//! synced: what a solve job keeps its proofs and its checks in. A kill can
//! leave only a torn last line; reading drops it, and the next append cuts
//! it off first, so the work it recorded is simply done again.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::Error;

/// An append-only file of records, one a line.
pub struct LineLog {
    path: PathBuf,
    /// Bytes of the whole lines read: where the next line goes.
    whole: u64,
    file: Option<File>,
}

impl LineLog {
    /// Reads `path` (no records if it does not exist yet): every whole line
    /// through `parse`; a line it refuses is damage, named as not being
    /// `what`.
    pub fn open<T>(path: &Path, what: &str, parse: impl Fn(&str) -> Option<T>) -> Result<(LineLog, Vec<T>), Error> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(Error::io(path, e)),
        };
        let mut records = Vec::new();
        let mut whole = 0;
        for (i, line) in text.split_inclusive('\n').enumerate() {
            // A line cut short by an interruption is the last, and is dropped.
            if !line.ends_with('\n') {
                break;
            }
            records.push(parse(line.trim_end()).ok_or_else(|| Error::damaged(path.display(), format!("line {} is not {what}", i + 1)))?);
            whole += line.len() as u64;
        }
        Ok((LineLog { path: path.to_path_buf(), whole, file: None }, records))
    }

    /// Appends `line` (which ends with a newline) in one write, synced; the
    /// first append cuts off a torn line left after the whole ones.
    pub fn append(&mut self, line: &str) -> Result<(), Error> {
        debug_assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
        let io = |e| Error::io(&self.path, e);
        if self.file.is_none() {
            let f = OpenOptions::new().create(true).append(true).open(&self.path).map_err(io)?;
            if f.metadata().map_err(io)?.len() > self.whole {
                f.set_len(self.whole).map_err(io)?;
            }
            self.file = Some(f);
        }
        let f = self.file.as_mut().expect("opened");
        f.write_all(line.as_bytes()).and_then(|()| f.sync_data()).map_err(|e| Error::io(&self.path, e))?;
        self.whole += line.len() as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_torn_last_line_is_dropped_and_cut_off_before_the_next() {
        let dir = std::env::temp_dir().join(format!("yomi-line-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log.tsv");
        let _ = std::fs::remove_file(&path);
        let parse = |l: &str| l.parse::<u32>().ok();
        let (mut log, none) = LineLog::open(&path, "a number", parse).unwrap();
        assert!(none.is_empty());
        log.append("1\n").unwrap();
        log.append("2\n").unwrap();
        // A kill in the middle of a write.
        std::fs::write(&path, "1\n2\n3").unwrap();
        let (mut log, read) = LineLog::open(&path, "a number", parse).unwrap();
        assert_eq!(read, [1, 2]);
        log.append("4\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1\n2\n4\n");
        // A whole line that is not a record is damage, named.
        std::fs::write(&path, "1\nx\n").unwrap();
        let Err(e) = LineLog::open(&path, "a number", parse) else { panic!("damage read") };
        assert!(e.to_string().contains("line 2 is not a number"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
