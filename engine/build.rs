//! The commit the engine is built from, as `YOMI_COMMIT`: the manifests of the corpus, the
//! book and the explorer name the engine that made each row, which is the binary's commit,
//! not the one the data folder happens to be checked out at.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok().filter(|o| o.status.success())?;
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    // "+dirty" when the engine's sources or weights differ from the commit; "unknown"
    // outside a git checkout (a packaged crate).
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(head) => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no", "--", "src", "weights"])
                .is_some_and(|s| !s.is_empty());
            if dirty {
                format!("{head}+dirty")
            } else {
                head
            }
        }
        None => "unknown".into(),
    };
    println!("cargo:rustc-env=YOMI_COMMIT={commit}");
    // Built again when the sources change or HEAD moves (a commit, a checkout, a reset):
    // HEAD's reflog is written on every move. Only files that exist are named, since a
    // missing one would run this script on every build.
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=weights");
    for name in ["HEAD", "logs/HEAD"] {
        if let Some(path) = git(&["rev-parse", "--path-format=absolute", "--git-path", name]) {
            if Path::new(&path).exists() {
                println!("cargo:rerun-if-changed={path}");
            }
        }
    }
}
