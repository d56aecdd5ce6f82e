//! Finding or making an online game from the terminal. `oware play --online http://HOST:PORT`
//! (a server's address rather than a game's) lists the server's lobby (`GET /api/lobby`) and
//! takes the challenge the player picks, or creates a new online game (`POST /api/games` with
//! `"opponent": "online"`) whose invite link the screen shows while it waits for an opponent.
//!
//! The choosing happens on plain lines before the full screen starts ([`Choice::read`],
//! [`list_text`]), so a typo or an empty lobby is an ordinary prompt, and a script can answer it.

use std::fmt;

use oware_core::{Rules, Side};
use oware_protocol::{ClockReq, Color, CreateReq, Lobby, TimeControl};
use serde::Deserialize;
use serde_json::Value;

use crate::checked::{self, GameId};
use crate::lang::{self, t, tr};
use crate::net::{log_in_hint, origin, parse_answer, Api, Joined, Seats, Target};
use crate::wire::{self, SeatRating};

/// What `oware play --online` was given: a game's invite link, or a server's address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// `http://HOST[:PORT][/PREFIX]/game/ID`: that game.
    Game(Target),
    /// `http://HOST[:PORT]` (no path): the server, for its lobby or a new game.
    Server(String),
}

impl Address {
    /// Reads an invite link or a server's address (a query or fragment is ignored).
    pub fn parse(url: &str) -> Result<Address, String> {
        let not_a_link = match Target::parse(url) {
            Ok(t) => return Ok(Address::Game(t)),
            Err(e) => e,
        };
        let server = reqwest::Url::parse(url.trim()).ok().filter(|u| {
            matches!(u.scheme(), "http" | "https")
                && u.host_str().is_some()
                && u.path_segments().is_none_or(|mut s| s.all(str::is_empty))
        });
        match server {
            Some(u) => Ok(Address::Server(origin(&u))),
            // The invite link's explanation, with the other form added.
            None => Err(t("term-address-or-server", &[("error", not_a_link.into())])),
        }
    }
}

/// Reads a clock setting written `MINUTES+SECONDS` (`5+3`, `0.5+0`, `10+5`) or `none` (no
/// clock) into the protocol's [`TimeControl`]. The server checks the bounds (30 s to 3 hours,
/// at most 180 s added).
pub fn parse_clock(text: &str) -> Result<Option<TimeControl>, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let bad = || crate::lang::t("term-clock-bad", &[("text", t.into())]);
    let (m, s) = t.split_once('+').ok_or_else(bad)?;
    let minutes: f64 = m.trim().parse().map_err(|_| bad())?;
    let increment_s: u64 = s.trim().parse().map_err(|_| bad())?;
    if !minutes.is_finite() || minutes <= 0.0 || minutes > 24.0 * 60.0 {
        return Err(bad());
    }
    Ok(Some(TimeControl {
        initial_s: (minutes * 60.0).round() as u64,
        increment_s,
    }))
}

/// A clock setting as the player writes it: `5+3` (minutes each, seconds added per move).
pub fn clock_text(c: TimeControl) -> String {
    if c.initial_s.is_multiple_of(60) {
        format!("{}+{}", c.initial_s / 60, c.increment_s)
    } else {
        format!("{}+{}", c.initial_s as f64 / 60.0, c.increment_s)
    }
}

/// An open challenge of the lobby, checked: read as the protocol's
/// [`LobbyEntry`](oware_protocol::LobbyEntry), its texts cleaned and its id checked (see
/// [`crate::checked`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "oware_protocol::LobbyEntry")]
pub struct Challenge {
    /// The game.
    pub id: GameId,
    /// The creator's name (may be empty).
    pub name: String,
    /// The creator's side: the one who takes the challenge plays the other.
    pub color: Side,
    /// The clock, `None` for none.
    pub clock: Option<TimeControl>,
    /// The rules' text form.
    pub rules: String,
    /// Whether the game will be rated (taking it needs a log-in).
    pub rated: bool,
    /// The creator's rating, for a creator with an account.
    pub rating: Option<SeatRating>,
}

impl TryFrom<oware_protocol::LobbyEntry> for Challenge {
    type Error = checked::BadValue;

    fn try_from(e: oware_protocol::LobbyEntry) -> Result<Challenge, checked::BadValue> {
        Ok(Challenge {
            id: GameId::try_from(e.id)?,
            name: checked::clean(&e.name),
            color: e.color,
            clock: e.clock,
            rules: checked::clean(&e.rules),
            rated: e.rated,
            rating: e.rating,
        })
    }
}

impl Challenge {
    /// The challenge in one line: `Ama plays South · 5+3 · abapa (you play North)`, with the
    /// creator's rating and `rated` for a rated one: `Ama 1500? plays South · 5+3 · abapa ·
    /// rated (you play North)`.
    pub fn describe(&self) -> String {
        let mut who = if self.name.trim().is_empty() {
            tr("term-someone")
        } else {
            self.name.trim().to_string()
        };
        if let Some(r) = &self.rating {
            who = format!("{who} {}", crate::wire::rating_text(r));
        }
        let clock = self.clock.map_or_else(|| tr("term-no-clock"), clock_text);
        t(
            if self.rated {
                "term-challenge-rated"
            } else {
                "term-challenge"
            },
            &[
                ("who", who.into()),
                ("side", lang::side(self.color).into()),
                ("clock", clock.into()),
                ("rules", self.rules.as_str().into()),
                ("yours", lang::side(self.color.other()).into()),
            ],
        )
    }
}

/// The lobby's open challenges, oldest first.
pub async fn challenges(api: &Api) -> Result<Vec<Challenge>, String> {
    let v = api
        .request(reqwest::Method::GET, "/api/lobby", None, None)
        .await
        .map_err(|e| e.message)?;
    parse_lobby(v)
}

/// Reads the lobby's answer `{"challenges": […]}`: a bad id in one refuses it whole.
pub fn parse_lobby(v: Value) -> Result<Vec<Challenge>, String> {
    let refused = |e: &dyn fmt::Display| {
        t(
            "term-lobby-refused",
            &[("error", checked::clean(&e.to_string()).into())],
        )
    };
    let lobby = serde_json::from_value::<Lobby>(v).map_err(|e| refused(&e))?;
    lobby
        .challenges
        .into_iter()
        .map(|e| Challenge::try_from(e).map_err(|e| refused(&e)))
        .collect()
}

/// The lobby as lines for the prompt: a numbered line per challenge, or that there is none.
pub fn list_text(base: &str, challenges: &[Challenge]) -> String {
    if challenges.is_empty() {
        return format!("{}\n", t("term-lobby-empty", &[("server", base.into())]));
    }
    let mut out = format!("{}\n", t("term-lobby-list", &[("server", base.into())]));
    for (i, c) in challenges.iter().enumerate() {
        out.push_str(&format!("  {}. {}\n", i + 1, c.describe()));
    }
    out
}

/// What the player answered at the lobby's prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Take challenge `n` (from 0).
    Take(usize),
    /// Create a new game.
    New,
    /// Read the lobby again.
    Refresh,
    /// Leave.
    Quit,
}

impl Choice {
    /// The prompt's question for a lobby of `n` challenges.
    pub fn question(n: usize) -> String {
        let question = match n {
            0 => tr("term-lobby-ask-none"),
            n => t("term-lobby-ask", &[("count", n.into())]),
        };
        format!("{question} > ")
    }

    /// Reads an answer to [`Choice::question`] for a lobby of `n` challenges.
    pub fn read(line: &str, n: usize) -> Result<Choice, String> {
        let a = line.trim();
        match a.to_ascii_lowercase().as_str() {
            "" | "r" => return Ok(Choice::Refresh),
            "n" | "new" => return Ok(Choice::New),
            "q" | "quit" => return Ok(Choice::Quit),
            _ => {}
        }
        match a.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok(Choice::Take(k - 1)),
            Ok(_) if n == 0 => Err(tr("term-lobby-nothing-to-take")),
            Ok(_) => Err(t("term-lobby-out-of-range", &[("count", n.into())])),
            Err(_) => Err(t("term-lobby-not-a-choice", &[("answer", a.into())])),
        }
    }
}

/// A new online game as the player asks for it.
#[derive(Debug, Clone)]
pub struct NewChallenge {
    /// The clock, `None` for none.
    pub clock: Option<TimeControl>,
    /// The creator's side, `None` for the server to draw it.
    pub color: Option<Side>,
    /// The creator's name.
    pub name: String,
    /// The rules.
    pub rules: Rules,
    /// Whether to list it in the lobby (else only the invite link finds it).
    pub lobby: bool,
    /// Whether it is rated (the server asks for a log-in, the standard rules and a clock).
    pub rated: bool,
}

impl NewChallenge {
    /// The body of `POST /api/games`.
    fn body(&self) -> CreateReq {
        CreateReq {
            opponent: Some("online".into()),
            rules: Some(self.rules.to_string()),
            clock: self.clock.map(ClockReq::live),
            color: Some(match self.color {
                None => Color::Random,
                Some(Side::South) => Color::S,
                Some(Side::North) => Color::N,
            }),
            name: Some(self.name.clone()),
            lobby: Some(self.lobby),
            rated: self.rated.then_some(true),
            ..CreateReq::default()
        }
    }
}

/// Creates the online game `new` on `api`'s server (with its log-in, if any: the seat is then
/// the account's) and keeps its seat token, so that a later `oware play --online LINK` gives
/// the seat back. A refusal is the server's sentence (a rated game without a log-in: with how
/// to log in).
pub async fn create(api: &Api, new: &NewChallenge, seats: &Seats) -> Result<Joined, String> {
    let base = api.base();
    let v = api
        .request(
            reqwest::Method::POST,
            "/api/games",
            None,
            Some(wire::body(&new.body())),
        )
        .await
        .map_err(|e| format!("{}{}", e.message, log_in_hint(e.code.as_deref(), api)))?;
    let answer = parse_answer(v).map_err(|e| e.message)?;
    // Both checked by `parse_answer`: the token is kept under the id's name only if both are
    // letters and digits.
    let (Some(id), Some(token)) = (answer.id, answer.token) else {
        return Err(tr("term-create-no-token"));
    };
    let target = Target {
        base: base.to_string(),
        id,
    };
    let mut note = String::new();
    if let Err(e) = seats.save(&target, &token) {
        note = format!("{e}. ");
    }
    let seat = answer
        .state
        .online
        .as_ref()
        .and_then(|o| o.you)
        .or(new.color)
        .ok_or_else(|| tr("term-create-no-side"))?;
    note.push_str(&tr(if new.lobby {
        "term-new-in-lobby"
    } else {
        "term-new-not-in-lobby"
    }));
    Ok(Joined {
        api: api.clone(),
        target,
        token: Some(token),
        seat: Some(seat),
        state: answer.state,
        note,
    })
}

/// The lobby's prompt on plain lines (`input`, `output`: the terminal before the full screen):
/// lists the open challenges of `api`'s server and reads the player's choice until a seat
/// is had, taken from a challenge (as `name`) or created as `new`; `None` when they quit (or the
/// input ends). A challenge taken by someone else meanwhile is said, and the list shown again.
pub fn choose(
    runtime: &tokio::runtime::Runtime,
    api: &Api,
    new: &NewChallenge,
    name: &str,
    seats: &Seats,
    mut input: impl std::io::BufRead,
    mut output: impl std::io::Write,
) -> Result<Option<Joined>, String> {
    let base = api.base();
    let io = |e: std::io::Error| t("term-terminal-failed", &[("error", e.to_string().into())]);
    loop {
        let list = runtime.block_on(challenges(api))?;
        write!(
            output,
            "{}{}",
            list_text(base, &list),
            Choice::question(list.len())
        )
        .and_then(|()| output.flush())
        .map_err(io)?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io)? == 0 {
            writeln!(output).map_err(io)?;
            return Ok(None);
        }
        match Choice::read(&line, list.len()) {
            Err(e) => writeln!(output, "{e}.").map_err(io)?,
            Ok(Choice::Refresh) => {}
            Ok(Choice::Quit) => return Ok(None),
            Ok(Choice::New) => return runtime.block_on(create(api, new, seats)).map(Some),
            Ok(Choice::Take(i)) => {
                let target = Target {
                    base: base.to_string(),
                    id: list[i].id.clone(),
                };
                let joined =
                    runtime.block_on(crate::net::join(api.clone(), target, name, false, seats))?;
                if joined.seat.is_some() {
                    return Ok(Some(joined));
                }
                let gone = t(
                    "term-challenge-gone",
                    &[("note", joined.note.as_str().into())],
                );
                writeln!(output, "{}", gone.trim_end()).map_err(io)?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_address_is_a_game_or_a_server() {
        assert_eq!(
            Address::parse("http://127.0.0.1:8080/game/ab12").unwrap(),
            Address::Game(Target {
                base: "http://127.0.0.1:8080".into(),
                id: GameId::new("ab12").unwrap()
            })
        );
        for server in [
            "http://127.0.0.1:8080",
            "http://127.0.0.1:8080/",
            " https://h/?x#y",
        ] {
            let Address::Server(base) = Address::parse(server).unwrap() else {
                panic!("{server} is a server");
            };
            assert!(
                base == "http://127.0.0.1:8080" || base == "https://h",
                "{base}"
            );
        }
        for bad in ["http://h/games/12", "ftp://h", "127.0.0.1:8080", ""] {
            let e = Address::parse(bad).unwrap_err();
            assert!(e.contains("not an online game's address"), "{bad}: {e}");
            assert!(e.contains("the server's address alone"), "{bad}: {e}");
        }
    }

    #[test]
    fn clocks_are_minutes_plus_seconds_or_none() {
        let c = |i, s| {
            Some(TimeControl {
                initial_s: i,
                increment_s: s,
            })
        };
        assert_eq!(parse_clock("5+3"), Ok(c(300, 3)));
        assert_eq!(parse_clock(" 0.5 + 2 "), Ok(c(30, 2)));
        assert_eq!(parse_clock("NONE"), Ok(None));
        for bad in [
            "5", "5+", "+3", "x+3", "5+-1", "0+3", "-1+0", "inf+0", "5+3.5",
        ] {
            let e = parse_clock(bad).unwrap_err();
            assert!(e.contains("is not a clock"), "{bad}: {e}");
        }
        assert_eq!(clock_text(c(300, 3).unwrap()), "5+3");
        assert_eq!(clock_text(c(30, 0).unwrap()), "0.5+0");
    }

    #[test]
    fn the_lobby_prompt_reads_numbers_and_letters_and_explains_the_rest() {
        assert_eq!(Choice::read("2\n", 3), Ok(Choice::Take(1)));
        assert_eq!(Choice::read(" N ", 3), Ok(Choice::New));
        assert_eq!(Choice::read("", 0), Ok(Choice::Refresh));
        assert_eq!(Choice::read("r", 2), Ok(Choice::Refresh));
        assert_eq!(Choice::read("quit", 2), Ok(Choice::Quit));
        assert!(Choice::read("4", 3).unwrap_err().contains("from 1 to 3"));
        assert!(Choice::read("0", 3).unwrap_err().contains("from 1 to 3"));
        assert!(Choice::read("1", 0).unwrap_err().contains("no challenge"));
        assert!(Choice::read("yes", 1)
            .unwrap_err()
            .contains("not one of the choices"));
    }

    #[test]
    fn challenges_are_listed_one_a_line_with_the_side_left_to_take() {
        let lobby: Value = json!({ "challenges": [
            { "id": "aa", "name": "Ama", "color": "S", "clock": { "initial_s": 300, "increment_s": 3 },
              "rules": "abapa", "created_ms": 1 },
            { "id": "bb", "name": "", "color": "N", "clock": null, "rules": "awari", "created_ms": 2 },
            { "id": "cc", "name": "Kofi", "color": "N", "clock": { "initial_s": 180, "increment_s": 2 },
              "rules": "abapa", "rated": true, "rating": { "rating": 1500, "provisional": true } }
        ]});
        let list: Vec<Challenge> = serde_json::from_value(lobby["challenges"].clone()).unwrap();
        assert_eq!(
            list_text("http://h:1", &list),
            "Open challenges on http://h:1:\n\
             \x20 1. Ama plays South · 5+3 · abapa (you play North)\n\
             \x20 2. Someone plays North · no clock · awari (you play South)\n\
             \x20 3. Kofi 1500? plays North · 3+2 · abapa · rated (you play South)\n"
        );
        assert_eq!(
            list_text("http://h:1", &[]),
            "No open challenges on http://h:1.\n"
        );
    }

    #[test]
    fn a_new_challenge_is_the_body_the_server_reads() {
        let new = NewChallenge {
            clock: parse_clock("3+2").unwrap(),
            color: None,
            name: "Kofi".into(),
            rules: Rules::default(),
            lobby: true,
            rated: false,
        };
        assert_eq!(
            serde_json::to_value(new.body()).unwrap(),
            json!({ "opponent": "online", "rules": "abapa",
                    "clock": { "initial_s": 180.0, "increment_s": 2.0 },
                    "color": "random", "name": "Kofi", "lobby": true })
        );
        let rated = NewChallenge { rated: true, ..new };
        assert_eq!(rated.body().rated, Some(true));
    }
}
