"""One rule for the language of an answer: a private one is in the reader's language, the
picture too (the Full board under a prompt, /ds status); a public one in the game's."""

from service_helpers import start_game

from bot.game.service import GameService


async def test_the_private_full_board_is_drawn_in_the_readers_language(store):
    drawn = []

    def renderer(state, before, lang):
        drawn.append(lang)
        return b"png"

    service = GameService(store, renderer=renderer)
    await start_game(service)  # an English game
    game = await store.live_game("chan")
    mine = await service.reads.full_board(game.id, "chan", "hu")
    assert not mine.public and mine.image == b"png" and drawn[-1] == "hu"
    public = await service.reads.board("chan")
    assert public.public and public.lang == "en" and drawn[-1] == "en"  # the channel's: the game's language
    assert mine.alt and public.alt and mine.alt != public.alt  # its alt text is in her language too


async def test_status_is_a_private_answer(service):
    await start_game(service)
    assert not (await service.reads.status("chan")).public
