//! The master's links to its workers. [`Links`] is all the master needs:
//! send a message to worker `w`, take the next message from any. Workers
//! here are threads of this process ([`Threads`]): the master's own worker
//! on a cluster's first rank, and the whole of an in-process run. The
//! cluster's other ranks are reached by MPI (`super::mpi`).

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::cluster::wire::Msg;
use crate::cluster::worker::Worker;

/// The master's side of the connection to its workers.
pub trait Links {
    /// How many workers there are (numbered from 0).
    fn workers(&self) -> usize;
    /// Worker `w` as the user knows it: "rank 2", "thread 1".
    fn name(&self, w: usize) -> String;
    /// Sends `msg` to worker `w`.
    fn send(&mut self, w: usize, msg: Msg) -> Result<(), String>;
    /// The next message from any worker and who sent it, waiting at most
    /// `timeout`; an error if a worker is gone or sent what cannot be read.
    fn recv(&mut self, timeout: Duration) -> Result<Option<(usize, Msg)>, String>;
}

/// A worker running on a thread of this process.
pub struct LocalWorker {
    inbox: Option<Sender<Msg>>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl LocalWorker {
    /// Starts `worker` on a thread of its own; what it sends goes to
    /// `outbox`, tagged `index`.
    pub fn spawn(worker: Worker, index: usize, outbox: Sender<(usize, Msg)>) -> LocalWorker {
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::Builder::new()
            .name(format!("yomi-worker-{index}"))
            .spawn(move || {
                worker.serve(rx, &flag, &|m| {
                    // A master that has gone no longer listens.
                    let _ = outbox.send((index, m));
                })
            })
            .expect("a thread for the worker");
        LocalWorker { inbox: Some(tx), stop, handle: Some(handle) }
    }

    /// Hands `msg` to the worker: a stop at once, as its flag (the worker is
    /// busy searching), anything else in turn.
    pub fn deliver(&self, msg: Msg) -> Result<(), String> {
        if msg == Msg::Stop {
            self.stop.store(true, Relaxed);
            return Ok(());
        }
        let inbox = self.inbox.as_ref().ok_or("the worker has ended")?;
        inbox.send(msg).map_err(|_| "the worker has ended".to_string())
    }

    /// Whether the worker's thread has ended.
    pub fn finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }
}

impl Drop for LocalWorker {
    /// Ends the worker: stops what it runs, closes its inbox, waits for it.
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
        self.inbox.take();
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// Workers as threads of this process, each with its own pool and table:
/// a cluster in one process, for a single machine and for tests.
pub struct Threads {
    workers: Vec<LocalWorker>,
    from: Receiver<(usize, Msg)>,
}

impl Threads {
    /// Starts one thread per worker, each with its own pool and table.
    pub fn spawn(workers: &[Worker]) -> Threads {
        let (tx, from) = channel();
        let workers = workers.iter().enumerate().map(|(i, w)| LocalWorker::spawn(*w, i, tx.clone())).collect();
        Threads { workers, from }
    }
}

impl Links for Threads {
    fn workers(&self) -> usize {
        self.workers.len()
    }

    fn name(&self, w: usize) -> String {
        format!("worker {w}")
    }

    fn send(&mut self, w: usize, msg: Msg) -> Result<(), String> {
        self.workers[w].deliver(msg)
    }

    fn recv(&mut self, timeout: Duration) -> Result<Option<(usize, Msg)>, String> {
        match self.from.recv_timeout(timeout) {
            Ok(m) => Ok(Some(m)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err("every worker has ended".into()),
        }
    }
}
