//! The wiring (lila's `Env`): the one place that builds the store's users, the engine's users
//! and every service once, each given what it needs. Nothing else builds a service; a handler
//! reaches its service through `http::Shared`, which holds what [`Env`] built.

use std::sync::{Arc, Weak};

use crate::bot::Bots;
use crate::budget::Budget;
use crate::chat::Chats;
use crate::classes::Classes;
use crate::egdb_view::Tables;
use crate::engine::EngineJobs;
use crate::games::{Follower, Games};
use crate::house::{House, HouseConfig};
use crate::learn::Learn;
use crate::limits::ServerLimits;
use crate::lobby::Lobby;
use crate::local::Local;
use crate::online::OnlineConfig;
use crate::review::Reviews;
use crate::round::Round;
use crate::search::GameSearch;
use crate::store::Store;
use crate::time::Clock;
use crate::training::Training;
use crate::tv::Tv;

/// The services of a server, built once on one store, engine and clock.
pub(crate) struct Env {
    /// Where everything is kept.
    pub store: Arc<dyn Store>,
    /// The time of game rules and of every service's timers.
    pub clock: Arc<dyn Clock>,
    /// Every count a client can grow (`budget/`), asked by the routes and the services.
    pub budget: Arc<Budget>,
    /// The engine's lanes (replies, analyses, reviews).
    pub engine: Arc<EngineJobs>,
    /// The live games (the cache and repository).
    pub games: Arc<Games>,
    /// The open challenges.
    pub lobby: Arc<Lobby>,
    /// Games on one device, the computer's replies, analyses.
    pub local: Arc<Local>,
    /// Online play.
    pub round: Arc<Round>,
    /// Online games' chats.
    pub chat: Arc<Chats>,
    /// Game reviews.
    pub reviews: Arc<Reviews>,
    /// Bots: challenges, account events, a bot's actions.
    pub bots: Arc<Bots>,
    /// The house bots (none unless the operator runs them).
    pub house: Arc<House>,
    /// Rated puzzles (`/training`).
    pub training: Arc<Training>,
    /// The lessons of `/learn` and the accounts' stars.
    pub learn: Arc<Learn>,
    /// The games in play (TV, `/games`).
    pub tv: Arc<Tv>,
    /// Game search (it follows the games to record their ends).
    pub search: Arc<GameSearch>,
    /// Teachers' classes, their pupils and work (`/api/classes…`), the worksheets.
    pub classes: Arc<Classes>,
}

impl Env {
    /// Builds the games and their services on `store`, `engine` (with the endgame tables
    /// `egdb` for the page's values), the settings of online games and of the house bots,
    /// the budget's numbers `limits`, and `clock`. The services
    /// that keep work for live games (the lobby, online play's timers, the computer's replies)
    /// are set as the games' followers.
    pub(crate) fn new(
        store: Arc<dyn Store>,
        engine: EngineJobs,
        egdb: Option<Tables>,
        online: OnlineConfig,
        house: HouseConfig,
        limits: &ServerLimits,
        clock: Arc<dyn Clock>,
    ) -> Env {
        let engine = Arc::new(engine);
        let budget = Arc::new(Budget::new(limits, &online, Arc::clone(&clock)));
        let review_lease = online.review_lease;
        let work_lease = online.work_lease;
        let games = Games::new(
            Arc::clone(&store),
            egdb.map(Arc::new),
            online.clone(),
            Arc::clone(&clock),
        );
        let lobby = Arc::new(Lobby::new(&online, Arc::clone(&clock)));
        let local = Local::new(
            Arc::clone(&games),
            Arc::clone(&store),
            Arc::clone(&engine),
            online.clone(),
            Arc::clone(&budget),
        );
        let round = Round::new(
            Arc::clone(&games),
            Arc::clone(&store),
            Arc::clone(&clock),
            Arc::clone(&local),
            Arc::clone(&lobby),
            online,
            Arc::clone(&budget),
        );
        let chat = Arc::new(Chats::new(
            Arc::clone(&games),
            Arc::clone(&store),
            Arc::clone(&clock),
        ));
        let bots = Bots::new(
            Arc::clone(&store),
            Arc::clone(&clock),
            Arc::clone(&games),
            Arc::clone(&round),
            Arc::clone(&chat),
        );
        let house = House::new(
            house,
            Arc::clone(&store),
            Arc::clone(&clock),
            Arc::clone(&engine),
            Arc::clone(&games),
            Arc::clone(&round),
            Arc::clone(&bots),
            work_lease,
        );
        let reviews = Reviews::new(
            Arc::clone(&games),
            Arc::clone(&store),
            Arc::clone(&engine),
            review_lease,
        );
        // In the order their work on a change was always done: the lobby's entry, the flag's
        // timer, the computer's reply.
        let lobby_follows: Weak<dyn Follower> = Arc::downgrade(&lobby) as Weak<dyn Follower>;
        let round_follows: Weak<dyn Follower> = Arc::downgrade(&round) as Weak<dyn Follower>;
        let local_follows: Weak<dyn Follower> = Arc::downgrade(&local) as Weak<dyn Follower>;
        // TV's list of the games in play follows them last (it only reads them).
        let tv = Arc::new(Tv::new(Arc::clone(&clock)));
        let tv_follows: Weak<dyn Follower> = Arc::downgrade(&tv) as Weak<dyn Follower>;
        let search = Arc::new(GameSearch::new(Arc::clone(&store), Arc::clone(&clock)));
        let search_follows: Weak<dyn Follower> = Arc::downgrade(&search) as Weak<dyn Follower>;
        games.follow(vec![
            lobby_follows,
            round_follows,
            local_follows,
            tv_follows,
            search_follows,
        ]);
        let training = Training::new(Arc::clone(&store), Arc::clone(&clock), limits.puzzle_pace);
        let learn = Arc::new(Learn::new(Arc::clone(&store), Arc::clone(&clock)));
        let classes = Arc::new(Classes::new(
            Arc::clone(&store),
            Arc::clone(&clock),
            Arc::clone(&budget),
            Arc::clone(&training),
        ));
        Env {
            training,
            store,
            clock,
            budget,
            engine,
            games,
            lobby,
            local,
            round,
            chat,
            reviews,
            bots,
            house,
            learn,
            tv,
            search,
            classes,
        }
    }
}
