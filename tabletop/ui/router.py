"""The one place that knows every screen: it turns what a scene asks for into scenes.

Scenes return requests (:mod:`tabletop.ui.flow`); the app hands them here, and the
router builds the scene a route names and changes the stack.  The whole flow of the
app reads from the routes: main menu → setup → (a game's prelude, e.g. the storybook)
→ table ⇄ pause, rules, settings, curtain → results → menu or another game.
"""

from __future__ import annotations

from tabletop.engine.match import Match
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow, Home, Open, Route, Swap, requests
from tabletop.ui.scene import Scene, SceneStack
from tabletop.ui.scenes.choice import ChoiceScene
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.message import MessageScene

# The screens past the main menu (the table kit above all, and a game's own screens
# through its registry entry) are imported when first opened, so that the main menu
# comes up without waiting for them.

__all__ = ["Router"]


class Router:
    """Follows the requests scenes return, on ``scenes``."""

    def __init__(self, ctx: Context, scenes: SceneStack) -> None:
        self.ctx = ctx
        self.scenes = scenes
        scenes.follow = self.follow

    def follow(self, flow: Flow) -> None:
        """Apply what a scene asked for (scenes are built now, the stack changes between
        frames)."""
        for request in requests(flow):
            if isinstance(request, Back):
                self.scenes.pop()
            elif isinstance(request, Home):
                self.scenes.reset(self.home())
            else:
                scene = self.scene(request)
                if scene is None:
                    continue
                if isinstance(request, Swap):
                    self.scenes.replace(scene)
                else:
                    self.scenes.push(scene)

    def home(self) -> Scene:
        return MainMenu(self.ctx)

    def scene(self, request: Open) -> Scene | None:
        """The scene ``request`` names (``None`` when there is nothing to open; a notice
        then says why)."""
        ctx, args, route = self.ctx, request.args, request.route
        if route is Route.SETUP:
            from tabletop.ui.scenes.setup import SetupScene

            return SetupScene(ctx, args["entry"])
        if route is Route.PRELUDE:
            entry = args["entry"]
            load_prelude = ctx.listing(entry).load_prelude
            assert load_prelude is not None, f"{entry.title} has no prelude"
            prelude: Scene = load_prelude()(ctx, entry, args["seats"], args["options"],
                                            seed=args.get("seed"))
            return prelude
        if route is Route.TUTORIAL:
            entry = args["entry"]
            offered = ctx.listing(entry).tutorial
            assert offered is not None, f"{entry.title} has no tutorial"
            tutorial: Scene = offered[1]()(ctx, entry)
            return tutorial
        if route is Route.TABLE:
            match = args["match"]
            if ctx.listing(match.entry).load_table is None:
                ctx.notices.append(f"{match.entry.title} has no table yet.")
                return None
            if args.get("joining") is None and _hosted(ctx, match) \
                    and (ctx.hosting is None or ctx.hosting.match is not match):
                route = Route.LOBBY  # seats played from other computers: offer it first
        if route is Route.LOBBY:
            from tabletop.ui.scenes.lobby import LobbyScene

            return LobbyScene(ctx, args["match"])
        if route is Route.TABLE:
            match = args["match"]
            from tabletop.ui.table import make_table

            joining = args.get("joining")
            if joining is not None:
                return make_table(ctx, match, True, joining=joining)
            return make_table(ctx, match, args.get("resumed", False))
        if route is Route.REPLAY:
            from tabletop.ui.table.replay import replay_table

            return replay_table(ctx, args["match"], args["seat"], seen=args.get("seen", ()),
                                lines=args.get("lines", ()))
        if route is Route.RESULTS:
            from tabletop.ui.scenes.results import ResultsScene

            return ResultsScene(ctx, args["match"], args.get("picture"),
                                joined=args.get("joined"))
        if route is Route.PAUSE:
            from tabletop.ui.scenes.pause import PauseScene

            return PauseScene(ctx, args["table"])
        if route is Route.RULES:
            from tabletop.ui.scenes.rules import RulesScene

            return RulesScene(ctx, args["entry"])
        if route is Route.STATISTICS:
            from tabletop.ui.scenes.statistics import StatisticsScene

            return StatisticsScene(ctx)
        if route is Route.SETTINGS:
            from tabletop.ui.scenes.settings import SettingsScene

            return SettingsScene(ctx)
        if route is Route.CURTAIN:
            from tabletop.ui.scenes.curtain import Curtain

            return Curtain(ctx, args["name"], args["on_ready"], args.get("reason", ""),
                           on_menu=args.get("on_menu"),
                           card_back=args.get("card_back", "card_back.svg"))
        if route is Route.JOIN:
            from tabletop.ui.scenes.join import JoinScene

            return JoinScene(ctx)
        if route is Route.ASK:
            return ChoiceScene(ctx, args["title"], args["message"], args["answers"])
        if route is Route.TELL:
            return MessageScene(ctx, args["title"], args["message"])
        raise ValueError(f"no screen for {route}")


def _hosted(ctx: Context, match: Match) -> bool:
    """Whether ``match`` is played with people at other computers: it has a remote seat,
    or a game reopened whose kept table says a bot stands in for someone gone."""
    if match.remote():
        return True
    kept = ctx.storage.kept_table(match.entry.id) if match.history else None
    if kept is None:
        return False
    from tabletop.net.host import stood_in

    return bool(stood_in(kept, match))
