//! What the examples share (`mod common;` in each): their options, one player's event stream,
//! an online game between two simulated people and its moves.
#![allow(dead_code)] // each example uses a part

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::str::FromStr;
use std::time::Instant;

use oware_protocol::sse::{Frame, FrameParser};
use serde_json::{json, Value};

/// One player's event stream: `update` events' states, read as they come (cut by the
/// protocol's reader).
pub struct Stream {
    resp: reqwest::Response,
    parser: FrameParser,
    /// Frames read and not yet looked at.
    ready: VecDeque<Frame>,
}

impl Stream {
    /// Sends `req` (a `GET` of a game's events) and holds its answer's stream.
    pub async fn open(req: reqwest::RequestBuilder) -> Result<Stream, reqwest::Error> {
        let resp = req.send().await?.error_for_status()?;
        Ok(Stream {
            resp,
            parser: FrameParser::default(),
            ready: VecDeque::new(),
        })
    }

    /// The next `update` event's ply and data (other events, and updates whose data is not
    /// JSON, skipped); `None` when the stream ended or broke the reader's cap (1 MiB a line or
    /// an event). Only the ply is read: the generator reads the rest of the few states it
    /// plays from, so that its own CPU goes less to states it skips.
    async fn next_update(&mut self) -> Result<Option<(u64, String)>, reqwest::Error> {
        #[derive(serde::Deserialize)]
        struct Update {
            state: Ply,
        }
        #[derive(serde::Deserialize)]
        struct Ply {
            #[serde(default)]
            ply: u64,
        }
        loop {
            while let Some(frame) = self.ready.pop_front() {
                if frame.event.as_deref() != Some("update") {
                    continue;
                }
                if let Ok(u) = serde_json::from_str::<Update>(&frame.data) {
                    return Ok(Some((u.state.ply, frame.data)));
                }
            }
            let Some(chunk) = self.resp.chunk().await? else {
                return Ok(None);
            };
            match self.parser.push(&chunk) {
                Ok(frames) => self.ready.extend(frames),
                Err(_) => return Ok(None),
            }
        }
    }

    /// Reads until a state at `ply` or later; answers when it arrived, and the state.
    pub async fn until_ply(
        &mut self,
        ply: u64,
    ) -> Result<Option<(Instant, Value)>, reqwest::Error> {
        while let Some((at, data)) = self.next_update().await? {
            if at >= ply {
                let arrived = Instant::now();
                let v: Value = serde_json::from_str(&data).unwrap_or(Value::Null);
                return Ok(Some((arrived, v["state"].clone())));
            }
        }
        Ok(None)
    }

    /// Reads until a state at `ply` or later without reading the state; answers when it
    /// arrived.
    pub async fn reach_ply(&mut self, ply: u64) -> Result<Option<Instant>, reqwest::Error> {
        while let Some((at, _)) = self.next_update().await? {
            if at >= ply {
                return Ok(Some(Instant::now()));
            }
        }
        Ok(None)
    }
}

/// The value after `name` on the command line, or `default` when it is missing or unreadable.
pub fn arg<T: FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Starts `server` (this example again, told by its environment to serve), whose first line
/// on standard output is `LISTENING ADDR`: the child and its address (`http://ADDR`).
pub fn spawn_server(mut server: Command) -> (Child, String) {
    let mut child = server
        .stdout(Stdio::piped())
        .spawn()
        .expect("server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("server prints its address");
    let addr = line
        .trim()
        .strip_prefix("LISTENING ")
        .expect("LISTENING addr")
        .to_string();
    (child, format!("http://{addr}"))
}

/// The JSON answer of a `POST` of `body` to `url`.
pub async fn post_json(
    client: &reqwest::Client,
    url: String,
    body: &Value,
) -> Result<Value, reqwest::Error> {
    client.post(url).json(body).send().await?.json().await
}

/// A random legal move of the state's side to move (the server's `pits_info`), drawn with the
/// xorshift generator `rng`; `None` when there is none.
pub fn pick(state: &Value, rng: &mut u64) -> Option<String> {
    let legal: Vec<&str> = state["pits_info"]
        .as_array()?
        .iter()
        .filter(|p| p["legal"] == true)
        .filter_map(|p| p["letter"].as_str())
        .collect();
    if legal.is_empty() {
        return None;
    }
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    Some(legal[(*rng % legal.len() as u64) as usize].to_string())
}

/// An online game between two simulated people, South (who created it) and North (who
/// joined it), each with its client, its server and the game's event stream (held with its
/// presence key, as the page does).
pub struct Pair {
    pub id: String,
    pub clients: [reqwest::Client; 2],
    pub bases: [String; 2],
    pub tokens: [String; 2],
    pub streams: [Stream; 2],
}

/// One move the pair played, as timed.
pub struct Relayed {
    /// When the move was sent.
    pub sent: Instant,
    /// The move request's latency, ms.
    pub answered_ms: f64,
    /// The relay, ms: from sending the move to the opponent's stream delivering it.
    pub relay_ms: f64,
    /// The state after the move, from the opponent's stream.
    pub state: Value,
}

impl Pair {
    /// North (`clients[1]` on `bases[1]`) joins game `id`, which South created with its seat
    /// token `south`, then each opens the game's event stream: the pair and the state North
    /// was given, or (`Ok(Err(answer))`) the join's answer without a token.
    pub async fn join(
        clients: [reqwest::Client; 2],
        bases: [String; 2],
        id: String,
        south: String,
    ) -> Result<Result<(Pair, Value), Value>, reqwest::Error> {
        let url = format!("{}/api/games/{id}/join", bases[1]);
        let joined = post_json(&clients[1], url, &json!({ "name": "North" })).await?;
        let Some(north) = joined["token"].as_str() else {
            return Ok(Err(joined));
        };
        let tokens = [south, north.to_string()];
        let mut streams = Vec::new();
        for ((c, base), token) in clients.iter().zip(&bases).zip(&tokens) {
            let k: Value = c
                .post(format!("{base}/api/games/{id}/presence"))
                .header("x-seat-token", token)
                .send()
                .await?
                .json()
                .await?;
            let key = k["key"].as_str().unwrap_or_default();
            streams.push(
                Stream::open(c.get(format!("{base}/api/games/{id}/events?presence={key}"))).await?,
            );
        }
        let Ok(streams) = <[Stream; 2]>::try_from(streams) else {
            unreachable!("two seats, two streams")
        };
        let pair = Pair {
            id,
            clients,
            bases,
            tokens,
            streams,
        };
        Ok(Ok((pair, joined["state"].clone())))
    }

    /// The side to move in `state` sends `mv` (with the ply it holds, as the page does: the
    /// answer carries only what follows), then both streams are read to the move: the move
    /// timed, or (`Ok(Err(what))`) why it was not played or relayed.
    pub async fn play(
        &mut self,
        state: &Value,
        mv: &str,
    ) -> Result<Result<Relayed, String>, reqwest::Error> {
        let ply = state["ply"].as_u64().unwrap_or(0);
        let mover = usize::from(state["position"]["turn"] == "N");
        let id = &self.id;
        let sent = Instant::now();
        let resp = self.clients[mover]
            .post(format!("{}/api/games/{id}/moves", self.bases[mover]))
            .header("x-seat-token", &self.tokens[mover])
            .json(&json!({ "move": mv, "since": ply }))
            .send()
            .await?;
        let status = resp.status();
        // The answer is read to its end, not parsed: the opponent's stream brings the state.
        let _ = resp.bytes().await?;
        let answered_ms = sent.elapsed().as_secs_f64() * 1e3;
        if !status.is_success() {
            return Ok(Err(format!("move answered {status}")));
        }
        // The opponent's stream delivers the move: the relay. The mover's own stream gets the
        // same event; read it too so that neither stream backs up.
        let Some((at, state)) = self.streams[1 - mover].until_ply(ply + 1).await? else {
            return Ok(Err("the opponent's stream ended".into()));
        };
        if self.streams[mover].reach_ply(ply + 1).await?.is_none() {
            return Ok(Err("the mover's stream ended".into()));
        }
        Ok(Ok(Relayed {
            sent,
            answered_ms,
            relay_ms: at.duration_since(sent).as_secs_f64() * 1e3,
            state,
        }))
    }
}
