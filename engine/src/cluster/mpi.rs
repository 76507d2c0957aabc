//! The links over MPI: rank 0 is the master, with a worker of its own on a
//! thread beside it (worker 0), and every other rank is one worker (worker
//! r is rank r), searching on its own pool. Only each process's main thread
//! calls MPI (`Threading::Funneled`): on rank 0 the master, elsewhere a
//! pump that hands the master's messages to the worker's thread and sends
//! its answers back. A stop is delivered at once, as the worker's flag.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mpi::environment::Universe;
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Threading;

use crate::cluster::links::{Links, LocalWorker};
use crate::cluster::wire::Msg;
use crate::cluster::worker::Worker;

/// The one tag every message carries: its kind is in its body.
const TAG: i32 = 7;

/// This process's place in the MPI job. MPI ends when it is dropped.
pub struct Cluster {
    world: SimpleCommunicator,
    // Dropped last: finalises MPI.
    _universe: Universe,
}

impl Cluster {
    /// Joins the MPI job this process was started in (by `mpirun`; a
    /// process started alone is a job of one rank).
    pub fn init() -> Result<Cluster, String> {
        let (universe, _) = mpi::initialize_with_threading(Threading::Funneled).ok_or("MPI was already initialised in this process")?;
        let world = universe.world();
        Ok(Cluster { world, _universe: universe })
    }

    /// This process's rank: 0 is the master.
    pub fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    /// How many ranks the job has.
    pub fn ranks(&self) -> usize {
        self.world.size() as usize
    }


    /// Rank 0's links to every worker: `local` on a thread here, and the
    /// other ranks, which [`Cluster::serve`].
    pub fn links(&self, local: Worker) -> MpiLinks<'_> {
        let (tx, from_local) = channel();
        MpiLinks { cluster: self, local: Some(LocalWorker::spawn(local, 0, tx)), from_local, quit: false }
    }

    /// On every rank but 0: runs `worker` on a thread and pumps messages
    /// between it and the master until the master says `Quit` and the
    /// worker has sent everything.
    pub fn serve(&self, worker: Worker) -> Result<(), String> {
        let master = self.world.process_at_rank(0);
        let (to_worker, inbox) = channel();
        let (outbox, from_worker) = channel::<Msg>();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new()
            .name("yomi-worker".into())
            .spawn(move || {
                worker.serve(inbox, &flag, &|m| {
                    let _ = outbox.send(m);
                })
            })
            .map_err(|e| format!("cannot start the worker thread: {e}"))?;
        let mut quit = false;
        loop {
            let mut idle = true;
            if !quit {
                if let Some(probed) = master.immediate_matched_probe_with_tag(TAG) {
                    idle = false;
                    let (bytes, _) = probed.matched_receive_vec::<u8>();
                    match Msg::decode(&bytes)? {
                        Msg::Stop => stop.store(true, Relaxed),
                        Msg::Quit => {
                            quit = true;
                            let _ = to_worker.send(Msg::Quit);
                        }
                        m => {
                            let _ = to_worker.send(m);
                        }
                    }
                }
            }
            match from_worker.recv_timeout(Duration::from_micros(if idle { 500 } else { 0 })) {
                Ok(m) => master.send_with_tag(&m.encode()[..], TAG),
                Err(RecvTimeoutError::Timeout) => {}
                // The worker has ended and everything it sent has gone.
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        thread.join().map_err(|_| "the worker thread failed".to_string())
    }
}

/// Rank 0's side: worker 0 is the thread beside the master, worker r the
/// rank r.
pub struct MpiLinks<'a> {
    cluster: &'a Cluster,
    local: Option<LocalWorker>,
    from_local: Receiver<(usize, Msg)>,
    quit: bool,
}

impl MpiLinks<'_> {
    /// Tells every worker there is no more work and waits for the local
    /// one; the other ranks end by themselves. A search still running (the
    /// master gave up on an error) is stopped first, so no rank runs on.
    pub fn quit(&mut self) {
        if self.quit {
            return;
        }
        self.quit = true;
        for w in 0..self.workers() {
            let _ = self.send(w, Msg::Stop);
            let _ = self.send(w, Msg::Quit);
        }
        self.local.take();
    }
}

impl Drop for MpiLinks<'_> {
    fn drop(&mut self) {
        self.quit();
    }
}

impl Links for MpiLinks<'_> {
    fn workers(&self) -> usize {
        self.cluster.ranks()
    }

    fn name(&self, w: usize) -> String {
        format!("rank {w}")
    }

    fn send(&mut self, w: usize, msg: Msg) -> Result<(), String> {
        if w == 0 {
            return self.local.as_ref().ok_or("rank 0's worker has ended")?.deliver(msg);
        }
        self.cluster.world.process_at_rank(w as i32).send_with_tag(&msg.encode()[..], TAG);
        Ok(())
    }

    fn recv(&mut self, timeout: Duration) -> Result<Option<(usize, Msg)>, String> {
        let until = Instant::now() + timeout;
        loop {
            match self.from_local.try_recv() {
                Ok(m) => return Ok(Some(m)),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => return Err("rank 0's worker has ended".into()),
            }
            if let Some(probed) = self.cluster.world.any_process().immediate_matched_probe_with_tag(TAG) {
                let (bytes, status) = probed.matched_receive_vec::<u8>();
                let from = status.source_rank() as usize;
                let m = Msg::decode(&bytes).map_err(|e| format!("rank {from}: {e}"))?;
                return Ok(Some((from, m)));
            }
            if self.local.as_ref().is_some_and(|l| l.finished()) {
                return Err("rank 0's worker has ended".into());
            }
            if Instant::now() >= until {
                return Ok(None);
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}
