//! Passwords: the policy (length, the common list, not the name) and Argon2id hashing on a
//! bounded pool.
//!
//! **Hash.** Argon2id with OWASP's Password Storage Cheat Sheet parameters: 19 MiB of memory,
//! 2 iterations, 1 lane ([`params`]); a random 16-byte salt per hash; stored as the PHC
//! string (`$argon2id$v=19$m=19456,t=2,p=1$…`), so the parameters can be raised later and old
//! hashes still verify. The crate is RustCrypto's `argon2`.
//!
//! **Pool.** A hash takes tens of milliseconds of one core and 19 MiB. [`Hasher::new`]'s
//! `threads` dedicated threads run the hashes, each with one Argon2 memory area of its own
//! that it allocates once and reuses for every hash (`hash_password_into_with_memory`): the
//! server's memory for hashing is `threads` × 19 MiB however many log-ins come, and it is
//! not spread over tokio's blocking threads (up to 512, each keeping its 19 MiB in its own
//! allocator arena after a flood). The async workers that relay moves never wait on a hash.
//!
//! **Queue.** Jobs wait in two lanes, each holding at most `queue` jobs: the *known* lane
//! (log-ins from an address the account has logged in from before, and requests made with a
//! session) and the *open* lane (everyone else). A free thread takes the known lane first (but
//! at most three known jobs in a row while the open lane waits, so it is slowed, never
//! starved); in each lane, clients (an address's /64 or /32) take turns, and one client holds at most
//! [`PER_CLIENT`] waiting jobs, so a flood from many addresses fills the open lane but never
//! delays the owners of accounts, and no one address takes the whole lane. Beyond these a
//! request is refused at once ([`Busy`], answered 503 with `Retry-After`) rather than queued
//! behind a flood. A request that is abandoned (its client hung up, the future is dropped)
//! gives its place back at once: the place is held by a guard whose `Drop` takes the job out
//! of the queue.
//!
//! **Policy** (OWASP's Authentication Cheat Sheet): at least [`PASSWORD_MIN`] characters, at
//! most [`PASSWORD_MAX`] (long enough for pass phrases and generated passwords), any
//! characters, no composition rules; refused when it is one of the common passwords shipped
//! in `common-passwords.txt` or the user name itself.

use std::collections::{HashMap, VecDeque};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version, ARGON2ID_IDENT};

use crate::limits::ClientKey;

/// The shortest password accepted, in characters.
pub const PASSWORD_MIN: usize = 8;
/// The longest password accepted, in characters.
pub const PASSWORD_MAX: usize = 128;

const COMMON: &str = include_str!("common-passwords.txt");

/// Why a new password is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordError {
    /// Shorter than [`PASSWORD_MIN`].
    TooShort,
    /// Longer than [`PASSWORD_MAX`].
    TooLong,
    /// On the list of common passwords.
    Common,
    /// The user name itself.
    SameAsName,
}

impl std::fmt::Display for PasswordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PasswordError::TooShort => write!(f, "a password has at least {PASSWORD_MIN} characters"),
            PasswordError::TooLong => write!(f, "a password has at most {PASSWORD_MAX} characters"),
            PasswordError::Common => f.write_str(
                "this password is one of the most common ones, the first an attacker tries: choose another",
            ),
            PasswordError::SameAsName => f.write_str("the password cannot be the user name"),
        }
    }
}

/// Whether `password` may be the password of account `name`.
pub fn check_new(password: &str, name: &str) -> Result<(), PasswordError> {
    let n = password.chars().count();
    if n < PASSWORD_MIN {
        return Err(PasswordError::TooShort);
    }
    if n > PASSWORD_MAX {
        return Err(PasswordError::TooLong);
    }
    if password.eq_ignore_ascii_case(name) {
        return Err(PasswordError::SameAsName);
    }
    let lower = password.to_lowercase();
    let common = COMMON
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .any(|l| l == lower);
    if common {
        return Err(PasswordError::Common);
    }
    Ok(())
}

/// OWASP's Argon2id parameters: m = 19 MiB, t = 2, p = 1.
pub fn params() -> Params {
    // The numbers are within argon2's limits: this cannot fail.
    Params::new(19 * 1024, 2, 1, None).unwrap_or_default()
}

fn argon2() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params())
}

/// Waiting jobs one client may hold in a lane.
pub const PER_CLIENT: usize = 2;

/// Known-lane jobs served in a row, at most, while the open lane waits.
const KNOWN_STREAK: usize = 3;

/// The largest Argon2 memory a stored hash may ask for, in KiB blocks (256 MiB): a hash
/// above it is taken for damaged rather than let grow a thread's memory without bound.
const BLOCKS_MAX: usize = 256 * 1024;

/// The hashing pool is full: try again shortly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

/// Which lane a job waits in (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// A log-in from an address the account has used, or a request made with a session.
    Known,
    /// Anyone else: strangers' log-ins, sign-ups, reset links.
    Open,
}

/// Who a job is for: its lane and its client (`None`: no address known, one shared turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket {
    /// The lane.
    pub lane: Lane,
    /// The client, by its limit key.
    pub client: Option<ClientKey>,
}

impl Ticket {
    /// A job in the open lane for `client`.
    pub fn open(client: Option<ClientKey>) -> Ticket {
        Ticket {
            lane: Lane::Open,
            client,
        }
    }

    /// A job in the known lane for `client`.
    pub fn known(client: Option<ClientKey>) -> Ticket {
        Ticket {
            lane: Lane::Known,
            client,
        }
    }
}

/// One thread's Argon2 memory, allocated on its first hash and kept.
#[derive(Default)]
struct Scratch {
    blocks: Vec<Block>,
}

impl Scratch {
    /// At least `n` blocks (counting in `made` each time the area is allocated or grown).
    fn blocks(&mut self, n: usize, made: &AtomicUsize) -> &mut [Block] {
        if self.blocks.len() < n {
            self.blocks = vec![Block::default(); n];
            made.fetch_add(1, Ordering::Relaxed);
        }
        &mut self.blocks[..n]
    }
}

type Job = Box<dyn FnOnce(&mut Scratch, &AtomicUsize) + Send>;

/// One lane: each client's waiting jobs (oldest first) and the clients' turns.
#[derive(Default)]
struct LaneQueue {
    jobs: HashMap<Option<ClientKey>, VecDeque<(u64, Job)>>,
    turns: VecDeque<Option<ClientKey>>,
    len: usize,
}

impl LaneQueue {
    /// The next client's oldest job; the client goes to the back of the turns if it has more.
    fn pop(&mut self) -> Option<Job> {
        let client = self.turns.pop_front()?;
        let jobs = self.jobs.get_mut(&client)?;
        let (_, job) = jobs.pop_front()?;
        if jobs.is_empty() {
            self.jobs.remove(&client);
        } else {
            self.turns.push_back(client);
        }
        self.len -= 1;
        Some(job)
    }

    /// Takes job `id` of `client` out, if it still waits (at most [`PER_CLIENT`] jobs and the
    /// lane's clients are looked at: a bounded, small cost).
    fn remove(&mut self, client: Option<ClientKey>, id: u64) -> bool {
        let Some(jobs) = self.jobs.get_mut(&client) else {
            return false;
        };
        let Some(at) = jobs.iter().position(|(j, _)| *j == id) else {
            return false;
        };
        jobs.remove(at);
        if jobs.is_empty() {
            self.jobs.remove(&client);
            self.turns.retain(|c| *c != client);
        }
        self.len -= 1;
        true
    }
}

/// The pool's state, under one mutex.
#[derive(Default)]
struct Queue {
    known: LaneQueue,
    open: LaneQueue,
    /// Jobs being hashed.
    running: usize,
    /// Known-lane jobs taken in a row while the open lane waited.
    streak: usize,
    next_id: u64,
    closed: bool,
}

impl Queue {
    /// The next job: the known lane's first, but never more than [`KNOWN_STREAK`] in a row
    /// while the open lane waits, so that the open lane is slowed, never starved.
    fn pop(&mut self) -> Option<Job> {
        let open_waits = self.open.len > 0;
        if self.known.len > 0 && (!open_waits || self.streak < KNOWN_STREAK) {
            self.streak = if open_waits { self.streak + 1 } else { 0 };
            return self.known.pop();
        }
        self.streak = 0;
        self.open.pop()
    }

    fn lane(&mut self, lane: Lane) -> &mut LaneQueue {
        match lane {
            Lane::Known => &mut self.known,
            Lane::Open => &mut self.open,
        }
    }
}

/// What the threads and the requests share.
struct Pool {
    queue: Mutex<Queue>,
    ready: Condvar,
    threads: usize,
    /// Jobs one lane may hold waiting.
    capacity: usize,
    /// Argon2 memory areas allocated (one per thread, unless a stored hash asks for more).
    areas: AtomicUsize,
}

impl Pool {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A thread's life: take the next job (the known lane first), run it, until closed.
    fn work(&self) {
        let mut scratch = Scratch::default();
        loop {
            let job = {
                let mut q = self.lock();
                loop {
                    if q.closed {
                        return;
                    }
                    if let Some(job) = q.pop() {
                        q.running += 1;
                        break job;
                    }
                    q = self.ready.wait(q).unwrap_or_else(|e| e.into_inner());
                }
            };
            // A panic in a job must not cost the pool a thread.
            let _ = std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut scratch, &self.areas)));
            self.lock().running -= 1;
        }
    }
}

/// A job's place in the queue: dropping it (the request was abandoned) takes the job out if
/// it still waits, so the place is given back whatever happens to the request.
struct Place {
    pool: Arc<Pool>,
    ticket: Ticket,
    id: u64,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut q = self.pool.lock();
        q.lane(self.ticket.lane).remove(self.ticket.client, self.id);
    }
}

/// Argon2id hashing and checking on a bounded pool of dedicated threads (see the module).
pub struct Hasher {
    pool: Arc<Pool>,
}

impl Hasher {
    /// A pool of `threads` hashing threads, with at most `queue` jobs waiting in each lane.
    pub fn new(threads: usize, queue: usize) -> Hasher {
        let threads = threads.max(1);
        let pool = Arc::new(Pool {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            threads,
            capacity: queue,
            areas: AtomicUsize::new(0),
        });
        for n in 0..threads {
            let pool = Arc::clone(&pool);
            let spawned = std::thread::Builder::new()
                .name(format!("oware-hash-{n}"))
                .spawn(move || pool.work());
            if let Err(e) = spawned {
                tracing::error!("starting a password hashing thread: {e}");
            }
        }
        Hasher { pool }
    }

    /// Queues `job` for `ticket`, or refuses at once when its lane (or its client's share of
    /// it) is full and no thread is free.
    async fn run<T: Send + 'static>(
        &self,
        ticket: Ticket,
        job: impl FnOnce(&mut Scratch, &AtomicUsize) -> T + Send + 'static,
    ) -> Result<T, Busy> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let place = {
            let mut q = self.pool.lock();
            if q.closed {
                return Err(Busy);
            }
            let waiting = q.known.len + q.open.len;
            let free = self.pool.threads.saturating_sub(q.running + waiting) > 0;
            let capacity = self.pool.capacity;
            let id = q.next_id;
            q.next_id += 1;
            let lane = q.lane(ticket.lane);
            let mine = lane.jobs.get(&ticket.client).map_or(0, VecDeque::len);
            if !free && (lane.len >= capacity || mine >= PER_CLIENT) {
                return Err(Busy);
            }
            let job: Job = Box::new(move |scratch, areas| {
                let _ = tx.send(job(scratch, areas));
            });
            let jobs = lane.jobs.entry(ticket.client).or_default();
            if jobs.is_empty() {
                lane.turns.push_back(ticket.client);
            }
            jobs.push_back((id, job));
            lane.len += 1;
            Place {
                pool: Arc::clone(&self.pool),
                ticket,
                id,
            }
        };
        self.pool.ready.notify_one();
        let out = rx.await.map_err(|_| Busy);
        drop(place);
        out
    }

    /// Jobs waiting (not yet running) in both lanes.
    #[cfg(test)]
    fn waiting(&self) -> usize {
        let q = self.pool.lock();
        q.known.len + q.open.len
    }

    /// Argon2 memory areas allocated so far: one per thread that has hashed.
    #[cfg(test)]
    fn memory_areas(&self) -> usize {
        self.pool.areas.load(Ordering::Relaxed)
    }

    /// The PHC string of `password` with a fresh random salt.
    pub async fn hash(
        &self,
        password: String,
        ticket: Ticket,
    ) -> Result<Result<String, String>, Busy> {
        self.run(ticket, move |scratch, areas| {
            hash_with(password.as_bytes(), scratch, areas)
        })
        .await
    }

    /// Whether `password` matches the PHC string `stored`. An empty or damaged `stored` (no
    /// such account, a closed one) is checked against a dummy hash, so that the answer takes
    /// as long as for a real account and tells nothing of which names exist.
    pub async fn verify(
        &self,
        password: String,
        stored: String,
        ticket: Ticket,
    ) -> Result<bool, Busy> {
        self.run(ticket, move |scratch, areas| {
            match verify_with(password.as_bytes(), &stored, scratch, areas) {
                Some(ok) => ok,
                None => {
                    let dummy = dummy(scratch, areas);
                    let _ = verify_with(password.as_bytes(), dummy, scratch, areas);
                    false
                }
            }
        })
        .await
    }
}

impl Drop for Hasher {
    fn drop(&mut self) {
        let mut q = self.pool.lock();
        q.closed = true;
        // The waiting jobs go (their requests answer busy); the threads end.
        q.known = LaneQueue::default();
        q.open = LaneQueue::default();
        drop(q);
        self.pool.ready.notify_all();
    }
}

/// Argon2id of `password` with a fresh salt in `scratch`'s memory, as a PHC string.
fn hash_with(
    password: &[u8],
    scratch: &mut Scratch,
    areas: &AtomicUsize,
) -> Result<String, String> {
    let params = params();
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| format!("random: {e}"))?;
    let salt_text = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    argon2()
        .hash_password_into_with_memory(
            password,
            &salt,
            &mut out,
            scratch.blocks(params.block_count(), areas),
        )
        .map_err(|e| e.to_string())?;
    let phc = PasswordHash {
        algorithm: ARGON2ID_IDENT,
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
        salt: Some(salt_text.as_salt()),
        hash: Some(Output::new(&out).map_err(|e| e.to_string())?),
    };
    Ok(phc.to_string())
}

/// Whether `password` matches the PHC string `stored`, hashed in `scratch`'s memory; `None`
/// when `stored` is empty, damaged or not Argon2.
fn verify_with(
    password: &[u8],
    stored: &str,
    scratch: &mut Scratch,
    areas: &AtomicUsize,
) -> Option<bool> {
    let hash = PasswordHash::new(stored).ok()?;
    let algorithm = Algorithm::try_from(hash.algorithm).ok()?;
    let version = hash
        .version
        .map(Version::try_from)
        .transpose()
        .ok()?
        .unwrap_or_default();
    let params = Params::try_from(&hash).ok()?;
    if params.block_count() > BLOCKS_MAX {
        return None;
    }
    let expected = hash.hash?;
    let mut salt = [0u8; 64];
    let salt = hash.salt?.decode_b64(&mut salt).ok()?;
    let mut out = vec![0u8; expected.len()];
    let blocks = scratch.blocks(params.block_count(), areas);
    Argon2::new(algorithm, version, params)
        .hash_password_into_with_memory(password, salt, &mut out, blocks)
        .ok()?;
    Some(crate::secret::same_secret(&out, expected.as_bytes()))
}

/// A hash of a fixed password with a random salt, made once (in the pool's memory, like every
/// other hash), checked against when there is no real hash.
fn dummy(scratch: &mut Scratch, areas: &AtomicUsize) -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_with(b"no account here", scratch, areas).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_long_common_and_name_passwords_are_refused() {
        assert_eq!(check_new("short", "kofi"), Err(PasswordError::TooShort));
        assert_eq!(
            check_new(&"x".repeat(129), "kofi"),
            Err(PasswordError::TooLong)
        );
        assert_eq!(check_new("Password1", "kofi"), Err(PasswordError::Common));
        assert_eq!(check_new("qwertyuiop", "kofi"), Err(PasswordError::Common));
        assert_eq!(
            check_new("KofiMensah", "kofimensah"),
            Err(PasswordError::SameAsName)
        );
        assert_eq!(check_new("seeds in the house", "kofi"), Ok(()));
        assert_eq!(check_new("ñandú-ñandú", "kofi"), Ok(()));
    }

    use std::future::Future;
    use std::sync::mpsc;

    fn anyone() -> Ticket {
        Ticket::open(None)
    }

    fn client(i: u8) -> Option<ClientKey> {
        Some(ClientKey::of(std::net::IpAddr::from([10, 0, 0, i])))
    }

    #[tokio::test]
    async fn a_hash_is_argon2id_with_owasp_parameters_and_verifies_only_its_password() {
        let h = Hasher::new(1, 4);
        let phc = h
            .hash("seeds in the house".into(), anyone())
            .await
            .unwrap()
            .unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(!phc.contains("seeds"));
        let verify = |p: &str, stored: &str| h.verify(p.into(), stored.into(), anyone());
        assert!(verify("seeds in the house", &phc).await.unwrap());
        assert!(!verify("seeds in the House", &phc).await.unwrap());
        assert!(!verify("anything", "").await.unwrap());
        // The same PHC strings as argon2's own hasher, both ways.
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let parsed = PasswordHash::new(&phc).unwrap();
        assert!(Argon2::default()
            .verify_password(b"seeds in the house", &parsed)
            .is_ok());
        let theirs = argon2()
            .hash_password(b"pass phrase", &SaltString::encode_b64(&[9; 16]).unwrap())
            .unwrap()
            .to_string();
        assert!(verify("pass phrase", &theirs).await.unwrap());
        assert!(!verify("pass phrasE", &theirs).await.unwrap());
    }

    /// Occupies the pool's threads until the returned senders are dropped or sent to.
    async fn hold(h: &Arc<Hasher>, threads: usize) -> Vec<mpsc::Sender<()>> {
        let mut gates = Vec::new();
        for _ in 0..threads {
            let (tx, rx) = mpsc::channel::<()>();
            let h2 = Arc::clone(h);
            tokio::spawn(async move { h2.run(anyone(), move |_, _| rx.recv()).await });
            gates.push(tx);
        }
        while h.pool.lock().running < threads {
            tokio::task::yield_now().await;
        }
        gates
    }

    /// Starts a job of `ticket` that notes `label` in `order` when it runs, and waits until
    /// it is queued (or refused).
    async fn queue(
        h: &Arc<Hasher>,
        ticket: Ticket,
        label: &'static str,
        order: &Arc<Mutex<Vec<&'static str>>>,
    ) -> tokio::task::JoinHandle<Result<(), Busy>> {
        let (h2, order) = (Arc::clone(h), Arc::clone(order));
        let (tx, rx) = tokio::sync::oneshot::channel();
        let task = tokio::spawn(async move {
            let job = h2.run(ticket, move |_, _| order.lock().unwrap().push(label));
            let mut job = std::pin::pin!(job);
            // Poll once so the job is queued or refused before the test goes on.
            let first =
                std::future::poll_fn(|cx| std::task::Poll::Ready(job.as_mut().poll(cx))).await;
            let _ = tx.send(());
            match first {
                std::task::Poll::Ready(r) => r,
                std::task::Poll::Pending => job.await,
            }
        });
        rx.await.unwrap();
        task
    }

    #[tokio::test]
    async fn a_full_pool_refuses_at_once() {
        let h = Arc::new(Hasher::new(1, 0));
        let gates = hold(&h, 1).await;
        assert_eq!(h.run(anyone(), |_, _| ()).await, Err(Busy));
        drop(gates);
        while h.pool.lock().running > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(h.run(anyone(), |_, _| ()).await, Ok(()));
    }

    #[tokio::test]
    async fn an_abandoned_request_gives_its_place_back() {
        let h = Arc::new(Hasher::new(1, 1));
        let gates = hold(&h, 1).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        for _ in 0..100 {
            // A request that waits for the busy thread, then is dropped (its client hung up).
            let waiting = queue(&h, Ticket::open(client(1)), "abandoned", &order).await;
            assert_eq!(h.waiting(), 1);
            waiting.abort();
            assert!(waiting.await.unwrap_err().is_cancelled());
            assert_eq!(h.waiting(), 0, "the place is given back");
        }
        let kept = queue(&h, Ticket::open(client(2)), "kept", &order).await;
        assert_eq!(h.waiting(), 1, "a new request is queued, not refused");
        drop(gates);
        assert_eq!(kept.await.unwrap(), Ok(()));
        assert_eq!(*order.lock().unwrap(), ["kept"], "no abandoned job ran");
    }

    #[tokio::test]
    async fn known_clients_go_first_and_strangers_take_turns_with_a_small_share_each() {
        let h = Arc::new(Hasher::new(1, 3));
        let gates = hold(&h, 1).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let (a, b, c) = (client(1), client(2), client(3));
        let mut tasks = Vec::new();
        for (ticket, label) in [
            (Ticket::open(a), "a1"),
            (Ticket::open(a), "a2"),
            (Ticket::open(b), "b1"),
        ] {
            tasks.push(queue(&h, ticket, label, &order).await);
        }
        // One address holds at most PER_CLIENT places; the open lane holds 3.
        let third = queue(&h, Ticket::open(a), "a3", &order).await;
        assert_eq!(third.await.unwrap(), Err(Busy), "a's share is full");
        let full = queue(&h, Ticket::open(c), "c1", &order).await;
        assert_eq!(full.await.unwrap(), Err(Busy), "the open lane is full");
        // An owner at a known address has a lane of their own, served first.
        tasks.push(queue(&h, Ticket::known(c), "owner", &order).await);
        assert_eq!(h.waiting(), 4);
        drop(gates);
        for t in tasks {
            assert_eq!(t.await.unwrap(), Ok(()));
        }
        assert_eq!(*order.lock().unwrap(), ["owner", "a1", "b1", "a2"]);
    }

    #[tokio::test]
    async fn a_busy_known_lane_slows_the_open_lane_but_never_starves_it() {
        let h = Arc::new(Hasher::new(1, 8));
        let gates = hold(&h, 1).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = vec![queue(&h, Ticket::open(client(9)), "stranger", &order).await];
        for (i, label) in ["k1", "k2", "k3", "k4", "k5"].into_iter().enumerate() {
            tasks.push(queue(&h, Ticket::known(client(i as u8 + 1)), label, &order).await);
        }
        drop(gates);
        for t in tasks {
            assert_eq!(t.await.unwrap(), Ok(()));
        }
        assert_eq!(
            *order.lock().unwrap(),
            ["k1", "k2", "k3", "stranger", "k4", "k5"]
        );
    }

    #[tokio::test]
    async fn hashes_run_on_the_pools_threads_each_reusing_one_memory_area() {
        let h = Arc::new(Hasher::new(2, 64));
        let names = Arc::new(Mutex::new(std::collections::BTreeSet::new()));
        let jobs = (0..12u8).map(|i| {
            let (h, names) = (Arc::clone(&h), Arc::clone(&names));
            async move {
                let phc = h
                    .hash(format!("password {i}"), Ticket::open(client(i)))
                    .await
                    .unwrap()
                    .unwrap();
                let names2 = Arc::clone(&names);
                h.run(Ticket::open(client(i)), move |_, _| {
                    let n = std::thread::current().name().unwrap_or("").to_string();
                    names2.lock().unwrap().insert(n);
                })
                .await
                .unwrap();
                assert!(h
                    .verify(format!("password {i}"), phc, Ticket::open(client(i)))
                    .await
                    .unwrap());
            }
        });
        futures_util::future::join_all(jobs).await;
        let names = names.lock().unwrap().clone();
        assert!(
            names.len() <= 2 && names.iter().all(|n| n.starts_with("oware-hash-")),
            "{names:?}"
        );
        assert!(
            (1..=2).contains(&h.memory_areas()),
            "24 hashes, {} memory areas",
            h.memory_areas()
        );
    }
}
