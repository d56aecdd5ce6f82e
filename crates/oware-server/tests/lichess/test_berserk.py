"""lichess's own Python client, berserk (from the package index), drives a bot on the site with
only its base address changed (docs/bots.md, "lichess's clients").

`oware serve` runs on a fresh database; a person (Ama) and a bot account (Deep) sign up on the
page's routes and make API tokens. Through berserk, Deep upgrades itself, reads its account
(`title: "BOT"`), listens to its event stream, declines one challenge with lichess's reason name
and accepts the next, streams the game, moves, writes in the chat and answers draw and takeback
offers (berserk's board calls) until the game ends; then it aborts one game and resigns another.
Ama challenges through berserk too (lichess's challenge fields) and plays her moves on the
page's routes with her seat's token.

Run by scripts/test-lichess.sh: OWARE_BIN names the server binary.
"""

import os
import queue
import random
import re
import subprocess
import threading
import time
from pathlib import Path

import berserk
import pytest
import requests

PASSWORD = "seeds-in-the-store-48"
WAIT_S = 20  # a deadline against a hang only: every wait below ends on an event
REPO = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """`oware serve` on a free port and a fresh database: its address (no trailing slash)."""
    binary = os.environ.get("OWARE_BIN") or str(REPO / "target" / "debug" / "oware")
    tmp = tmp_path_factory.mktemp("serve")
    proc = subprocess.Popen(
        [binary, "serve", "--port", "0", "--db", str(tmp / "games.sqlite"),
         "--egdb", str(tmp / "egdb"), "--no-egdb-build"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found = queue.Queue()

    def read():
        for line in proc.stdout:
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if m:
                found.put(m.group(0).rstrip("/"))
        found.put(None)

    threading.Thread(target=read, daemon=True).start()
    address = found.get(timeout=WAIT_S)
    assert address, "the server did not start"
    yield address
    proc.terminate()
    proc.wait(timeout=WAIT_S)


def account(base, name, scopes):
    """Signs `name` up on the page's routes: its session and a token with `scopes`."""
    web = requests.Session()
    r = web.post(f"{base}/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    r = web.post(f"{base}/api/account/tokens", json={"description": "berserk", "scopes": scopes})
    assert r.status_code == 201, r.text
    return web, r.json()["token"]


def listen(iterator):
    """The items of a stream (a berserk generator), read in a thread: a queue of them."""
    q = queue.Queue()

    def run():
        try:
            for item in iterator:
                q.put(item)
        except Exception as e:  # the stream closed under us: the test reads what came
            q.put({"type": "error", "error": repr(e)})
        q.put({"type": "closed"})

    threading.Thread(target=run, daemon=True).start()
    return q


def next_of(q, kind, check=lambda e: True):
    """The next item of queue `q` of type `kind` that passes `check` (others are skipped)."""
    while True:
        e = q.get(timeout=WAIT_S)
        assert e.get("type") != "error", e
        if e.get("type") == kind and check(e):
            return e


class Person:
    """Ama on the page's routes: her seat in a game and her moves."""

    def __init__(self, base, web):
        self.base, self.web = base, web

    def seat(self, game):
        r = self.web.post(f"{self.base}/api/games/{game}/seat", json={})
        assert r.status_code == 200, r.text
        self.token = r.json()["token"]

    def post(self, game, what, body):
        return self.web.post(f"{self.base}/api/games/{game}/{what}", json=body,
                             headers={"x-seat-token": self.token})

    def move(self, game, rng):
        """Plays a legal move of South's (the server says which letters are illegal)."""
        letters = list("ABCDEF")
        rng.shuffle(letters)
        for letter in letters:
            r = self.post(game, "moves", {"move": letter})
            if r.status_code == 200:
                return
            assert r.status_code == 422, r.text
        pytest.fail("no legal move for South")


def bot_move(bot, game, rng):
    """Deep plays a legal move of North's through berserk."""
    letters = list("abcdef")
    rng.shuffle(letters)
    for letter in letters:
        try:
            bot.bots.make_move(game, letter)
            return
        except berserk.exceptions.ResponseError as e:
            assert e.status_code == 422, e
    pytest.fail("no legal move for North")


def test_berserk_drives_a_bot_through_whole_games(base):
    _, bot_token = account(base, "Deep", ["bot:play", "challenge:read", "challenge:write"])
    ama_web, ama_token = account(base, "Ama", ["challenge:read", "challenge:write"])
    bot = berserk.Client(berserk.TokenSession(bot_token), base_url=base)
    ama = berserk.Client(berserk.TokenSession(ama_token), base_url=base)
    ama_page = Person(base, ama_web)
    rng = random.Random(53)

    # The account, as lichess-bot reads it.
    bot.account.upgrade_to_bot()
    me = bot.account.get()
    assert me["username"] == "Deep" and me["id"] == "deep" and me["title"] == "BOT", me
    assert "title" not in ama.account.get()

    events = listen(bot.bots.stream_incoming_events())
    ama_events = listen(ama.bots.stream_incoming_events())
    # Online once its stream is open (a challenge to an offline bot is declined at once).
    while not any(b["name"] == "Deep" for b in requests.get(f"{base}/api/bot/online").json()["bots"]):
        time.sleep(0.05)

    # Declined with lichess's reason name; the challenger hears it in ours.
    c = ama.challenges.create("Deep", rated=False, clock_limit=300, clock_increment=2, color="white")
    assert c["status"] == "created" and c["side"] == "south", c
    e = next_of(events, "challenge", lambda e: e["challenge"]["id"] == c["id"])
    bot.bots.decline_challenge(e["challenge"]["id"], reason="tooFast")
    d = next_of(ama_events, "challengeDeclined", lambda e: e["challenge"]["id"] == c["id"])
    assert d["challenge"]["decline_reason"] == "too-fast", d

    # Accepted: a game played to its end.
    c = ama.challenges.create("Deep", rated=False, clock_limit=600, clock_increment=5, color="white")
    next_of(events, "challenge", lambda e: e["challenge"]["id"] == c["id"])
    bot.bots.accept_challenge(c["id"])
    game = next_of(events, "gameStart")["game"]["id"]
    ama_page.seat(game)
    stream = listen(bot.bots.stream_game_state(game))
    full = next_of(stream, "gameFull")
    assert full["you"] == "N" and full["north"]["bot"] is True and full["south"]["name"] == "Ama", full
    bot.bots.post_message(game, "good luck")
    chat = ama_web.get(f"{base}/api/games/{game}/chat", headers={"x-seat-token": ama_page.token}).json()
    assert any(m["text"] == "good luck" and m["name"] == "Deep" for m in chat["messages"]), chat

    def key(s):
        return (s["version"], s["draw_offer"], s["takeback_offer"], s["status"])

    state = full["state"]
    offered = set()
    plies = 0
    while state["status"] == "playing":
        if state["draw_offer"] == "S":
            bot.board.handle_draw_offer(game, False)
        elif state["takeback_offer"] == "S":
            bot.board.handle_takeback_offer(game, False)
        elif state["to_move"] == "N":
            if plies >= 400:
                bot.bots.resign_game(game)  # a long shuffle: ended by resigning
            else:
                bot_move(bot, game, rng)
        elif plies == 2 and "draw" not in offered:
            offered.add("draw")
            assert ama_page.post(game, "draw", {"action": "offer"}).status_code == 200
        elif plies == 4 and "takeback" not in offered:
            offered.add("takeback")
            assert ama_page.post(game, "takeback", {"action": "offer"}).status_code == 200
        else:
            ama_page.move(game, rng)
        # The next change (a line that repeats what was acted on is passed over).
        state = next_of(stream, "gameState", lambda e, last=key(state): key(e) != last)
        plies = len(state["moves"].split())
    print("game 1 ended:", state["end"], "after", plies, "plies")
    assert offered == {"draw", "takeback"}
    assert state["status"] == "over" and state["end"], state
    assert next_of(stream, "closed"), "the game's stream ends after its end"
    finish = next_of(events, "gameFinish", lambda e: e["game"]["id"] == game)
    assert finish["game"]["status"] == "over", finish

    # Aborted before a move.
    c = ama.challenges.create("Deep", rated=False, clock_limit=300, clock_increment=0, color="random")
    next_of(events, "challenge", lambda e: e["challenge"]["id"] == c["id"])
    bot.bots.accept_challenge(c["id"])
    game = next_of(events, "gameStart", lambda e: e["game"]["id"] != game)["game"]["id"]
    stream = listen(bot.bots.stream_game_state(game))
    next_of(stream, "gameFull")
    bot.bots.abort_game(game)
    assert next_of(stream, "gameState")["status"] == "aborted"

    # Resigned after the first move (Ama, South, moves first).
    c = ama.challenges.create("Deep", rated=True, clock_limit=180, clock_increment=2, color="white")
    next_of(events, "challenge", lambda e: e["challenge"]["id"] == c["id"])
    bot.bots.accept_challenge(c["id"])
    game = next_of(events, "gameStart", lambda e: e["game"]["id"] != game)["game"]["id"]
    ama_page.seat(game)
    stream = listen(bot.bots.stream_game_state(game))
    next_of(stream, "gameFull")
    ama_page.move(game, rng)
    next_of(stream, "gameState", lambda e: e["to_move"] == "N")
    bot.bots.resign_game(game)
    end = next_of(stream, "gameState", lambda e: e["status"] == "over")
    assert end["end"] == "resign" and end["winner"] == "S", end
