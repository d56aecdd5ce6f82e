//! One module per subcommand.

pub mod analyse;
pub mod bench;
pub mod bot;
pub mod egdb;
pub mod learn;
pub mod login;
pub mod matches;
pub mod perft;
pub mod play;
pub mod puzzle;
pub mod puzzles;
pub mod replay;
pub mod review;
pub mod serve;
pub mod show;
pub mod uci;
pub mod user;
