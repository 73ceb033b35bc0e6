"""The database schema, as forward migrations: ``MIGRATIONS[i]`` takes a file from version i
to i + 1.  A new column or table is a new entry here; an applied entry never changes."""

from __future__ import annotations

#: Forward migrations: MIGRATIONS[i] takes the schema from version i to i + 1.
MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, moves.  At most one live (lobby or active) game per channel.
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        channel_id  TEXT    NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        ruleset     TEXT    NOT NULL DEFAULT 'base',
        players     INTEGER NOT NULL CHECK (players BETWEEN 2 AND 6),
        variant     TEXT    NOT NULL DEFAULT 'standard',
        seed        INTEGER NOT NULL,
        version     INTEGER NOT NULL DEFAULT 0,
        setup       TEXT,
        state       BLOB,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        user_id   TEXT    NOT NULL,
        user_name TEXT    NOT NULL,
        animal    TEXT,
        is_host   INTEGER NOT NULL DEFAULT 0,
        resigned  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE moves (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    TEXT    NOT NULL,
        option_id  TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, version)
    ) WITHOUT ROWID;
    """,
    # 2: remember the last state version announced in the channel, so a board or prompt
    # that Discord failed to deliver is posted again once it recovers.
    """
    ALTER TABLE games ADD COLUMN announced_version INTEGER NOT NULL DEFAULT -1;
    """,
    # 3: the state the last posted board showed, so the next board highlights everything that
    # changed since (a multi-step turn included), not only the last choice.
    """
    ALTER TABLE games ADD COLUMN board_state BLOB;
    """,
    # 4: undo marks a move undone instead of deleting it: the move list stays append-only and
    # the state version only ever grows, so a button built for an undone state stays stale.
    """
    ALTER TABLE moves ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
    """,
    # 5: living with a game for weeks.  A lobby may seat fewer than its maximum; per-game
    # settings (board cadence, what a resignation does); the game may live in a thread, with a
    # lobby message in its parent channel; the live prompt message the channel shows and the
    # story it has told so far; each move remembers its label and who made it (a player, the
    # AI, the clock, a resigned seat); proposals such as a rollback wait for approvals.
    """
    ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN home_channel_id TEXT;
    ALTER TABLE games ADD COLUMN lobby_message_id TEXT;
    ALTER TABLE games ADD COLUMN live_message_id TEXT;
    ALTER TABLE games ADD COLUMN live_seat INTEGER;
    ALTER TABLE games ADD COLUMN live_image INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN story_from INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN board_due INTEGER NOT NULL DEFAULT 4;
    ALTER TABLE games ADD COLUMN notice TEXT;
    ALTER TABLE moves ADD COLUMN label TEXT;
    ALTER TABLE moves ADD COLUMN made_by TEXT NOT NULL DEFAULT 'player';
    CREATE TABLE proposals (
        id          INTEGER PRIMARY KEY,
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind        TEXT    NOT NULL,
        target      INTEGER NOT NULL,
        proposer    TEXT    NOT NULL,
        needed      TEXT    NOT NULL,
        approved    TEXT    NOT NULL DEFAULT '[]',
        status      TEXT    NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open', 'done', 'refused', 'expired', 'cancelled')),
        message_id  TEXT,
        created_at  REAL    NOT NULL
    );
    CREATE INDEX proposals_open ON proposals (game_id) WHERE status = 'open';
    """,
    # 6: pace.  The server a game belongs to (for links and /ds mygames); the clock of the
    # player to act (asked or last acted at turn_since, reminders sent since, deadline handled)
    # and the next moment the scheduler must look at the game (indexed: one query finds what is
    # due among thousands of games); vacations and seats the AI holds; each user's wish for a
    # direct message on their turn; an outbox of reminders and notices, each sent exactly once.
    """
    ALTER TABLE games ADD COLUMN guild_id TEXT;
    ALTER TABLE games ADD COLUMN turn_since REAL;
    ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN deadline_done INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN due_at REAL;
    CREATE INDEX games_due ON games (due_at) WHERE due_at IS NOT NULL;
    ALTER TABLE seats ADD COLUMN away_until REAL;
    ALTER TABLE seats ADD COLUMN away_used REAL NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN ai_hold INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX seats_user ON seats (user_id);
    CREATE TABLE users (
        user_id       TEXT PRIMARY KEY,
        notify_dm     INTEGER NOT NULL DEFAULT 0,
        dm_failed_at  REAL
    );
    CREATE TABLE outbox (
        id          INTEGER PRIMARY KEY,
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind        TEXT    NOT NULL,
        channel_id  TEXT    NOT NULL,
        text        TEXT    NOT NULL,
        mention     TEXT    NOT NULL DEFAULT '[]',
        created_at  REAL    NOT NULL,
        sent_at     REAL
    );
    CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;
    """,
    # 7: computer players.  A seat the host gave the AI (its level; its user id is "ai:<seat>",
    # never a Discord user).  Seats held for a player who left or resigned keep their person.
    """
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    """,
    # 8: ratings.  When a game finished (the order ratings are computed in); each server's
    # ratings of its members and computer levels (``bot.game.ratings``: derived from the finished
    # games, rebuilt from them on demand), and each rated game's change of every seat's rating.
    """
    ALTER TABLE games ADD COLUMN finished_at REAL;
    UPDATE games SET finished_at = updated_at WHERE status = 'finished';
    CREATE INDEX games_finished ON games (guild_id, finished_at) WHERE status = 'finished';
    CREATE TABLE ratings (
        guild_id  TEXT    NOT NULL,
        player    TEXT    NOT NULL,
        name      TEXT    NOT NULL,
        mu        REAL    NOT NULL,
        sigma     REAL    NOT NULL,
        games     INTEGER NOT NULL DEFAULT 0,
        wins      INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, player)
    );
    CREATE TABLE rating_changes (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        guild_id     TEXT    NOT NULL,
        player       TEXT    NOT NULL,
        place        INTEGER NOT NULL,
        players      INTEGER NOT NULL,
        mu_before    REAL    NOT NULL,
        sigma_before REAL    NOT NULL,
        mu_after     REAL    NOT NULL,
        sigma_after  REAL    NOT NULL,
        finished_at  REAL    NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX rating_changes_player ON rating_changes (guild_id, player, finished_at);
    """,
    # 9: hints.  The state version a seat last asked a hint for (its choice at that version is
    # hinted), and each move's mark: made with a hint.
    """
    ALTER TABLE seats ADD COLUMN hint_version INTEGER;
    ALTER TABLE moves ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0;
    """,
    # 10: followers.  Members who follow a game they do not play in, and the last turn they
    # were told about (each turn is told once).
    """
    CREATE TABLE followers (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id     TEXT    NOT NULL,
        created_at  REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX followers_user ON followers (user_id);
    ALTER TABLE games ADD COLUMN told_turn INTEGER NOT NULL DEFAULT 0;
    """,
    # 11: housekeeping.  When a game's end was posted (a finished game's final post, an abandonment,
    # a lobby closing itself), when its thread was archived, and which stretch of waiting (the
    # turn clock's start) its host was told about; indexed for the sweeps that find lobbies to
    # close, threads to archive and games nobody acts in.  Games that ended before this migration
    # count as ended when they were last changed, and are no longer due for the scheduler (an
    # abandoned game kept its next reminder's time, and was looked at every tick after it).
    """
    ALTER TABLE games ADD COLUMN ended_at REAL;
    ALTER TABLE games ADD COLUMN archived_at REAL;
    ALTER TABLE games ADD COLUMN idle_told REAL;
    UPDATE games SET ended_at = updated_at, due_at = NULL WHERE status IN ('finished', 'abandoned');
    CREATE INDEX games_lobby_age ON games (created_at) WHERE status = 'lobby';
    CREATE INDEX games_to_archive ON games (ended_at) WHERE archived_at IS NULL AND home_channel_id IS NOT NULL;
    CREATE INDEX games_waiting ON games (turn_since) WHERE status = 'active';
    """,
    # 12: each server's defaults for its new games, set by its managers (/ds admin defaults), and
    # the server's live games found by an index (/ds admin games).
    """
    CREATE TABLE servers (
        guild_id    TEXT PRIMARY KEY,
        settings    TEXT NOT NULL DEFAULT '{}',
        updated_at  REAL NOT NULL
    );
    CREATE INDEX games_server_live ON games (guild_id) WHERE status IN ('lobby', 'active');
    """,
    # 13: the game log leaves the state that every move loads and saves: a state keeps only its
    # recent entries (``engine.logbook.kept``), the whole log is derived from the moves when read.
    # ``decided``: per seat, the log's length after its latest decision (what a new prompt's recap
    # starts from, read from the game's row instead of a replay); ``layout`` 2: the game's stored
    # states are kept so (``bot.game.layout`` moves the older ones, replaying each once).
    # ``move_packs``: a finished game's moves in one compressed row (``bot.store.packs``), made by
    # housekeeping a day after its end (``moves_packed``: done).  A channel's games and the games
    # whose newest state was not posted are found by index: with many games, every post read the
    # channel's game by scanning them all.
    """
    ALTER TABLE games ADD COLUMN decided TEXT;
    ALTER TABLE games ADD COLUMN layout INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE move_packs (
        game_id   INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        moves     BLOB    NOT NULL,
        standing  INTEGER NOT NULL,
        first_at  REAL,
        last_at   REAL
    );
    ALTER TABLE games ADD COLUMN moves_packed INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_to_pack ON games (ended_at) WHERE status = 'finished' AND moves_packed = 0;
    CREATE INDEX games_channel ON games (channel_id, id);
    CREATE INDEX games_unannounced ON games (updated_at) WHERE announced_version < version;
    """,
    # 14: players' plans (the action spaces each animal's player wants for its coming Planning
    # placements, kept privately) and, per game, where the log's planned placements are (the
    # channel marks their lines "planned").
    """
    CREATE TABLE plans (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        animal     TEXT    NOT NULL,
        spaces     TEXT    NOT NULL DEFAULT '[]',
        taken      TEXT    NOT NULL DEFAULT '[]',
        updated_at REAL    NOT NULL,
        PRIMARY KEY (game_id, animal)
    ) WITHOUT ROWID;
    ALTER TABLE games ADD COLUMN planned TEXT;
    """,
    # 15: answers given ahead (issue 38): per game and animal, its player's book (a standing plan,
    # orders for its APs, early answers: ``engine.ahead.Book`` as JSON), what the player has not
    # been told yet of the answers that stopped or went unused (``told``), and the book's version
    # (a menu built for an older one is stale).  It replaces ``plans``: a plan's spaces become the
    # standing plan's wishes (kept across turns from now on), without the best open space; the
    # taken spaces not yet told are not carried over.  ``at_once``: the independent step under way
    # (answers before your turn), the version at its start and the seats it asks, so its first
    # post mentions them all, once.  ``ahead``: the game has had a book (a move in a game without
    # one reads none).
    """
    CREATE TABLE answers_ahead (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        animal     TEXT    NOT NULL,
        book       TEXT    NOT NULL,
        told       TEXT    NOT NULL DEFAULT '[]',
        version    INTEGER NOT NULL DEFAULT 0,
        updated_at REAL    NOT NULL,
        PRIMARY KEY (game_id, animal)
    ) WITHOUT ROWID;
    INSERT INTO answers_ahead (game_id, animal, book, told, version, updated_at)
        SELECT game_id, animal,
               '{"animal": "' || animal || '", "standing": {"wishes": ' || spaces
                   || ', "best": false}, "orders": [], "early": []}',
               '[]', 0, updated_at
        FROM plans WHERE spaces <> '[]';
    DROP TABLE plans;
    ALTER TABLE games ADD COLUMN at_once TEXT;
    ALTER TABLE games ADD COLUMN ahead INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET ahead = 1 WHERE id IN (SELECT game_id FROM answers_ahead);
    """,
    # 16: reviews of finished games (``bot.game.review``).  ``saved``: the review in progress
    # (``engine.review.ReviewJob.saved``), kept after every slice so a restart resumes it;
    # ``result``: the finished review; ``done``/``total``: its decisions weighed of all;
    # ``message_id`` and ``shown``: the review post in the game's channel and the decisions it
    # showed last (-1: not posted), ``final``: the finished review is shown there.
    """
    CREATE TABLE reviews (
        game_id     INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        channel_id  TEXT    NOT NULL,
        saved       TEXT,
        result      TEXT,
        done        INTEGER NOT NULL DEFAULT 0,
        total       INTEGER NOT NULL DEFAULT 0,
        message_id  TEXT,
        shown       INTEGER NOT NULL DEFAULT -1,
        final       INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE INDEX reviews_pending ON reviews (game_id) WHERE final = 0;
    """,
)
