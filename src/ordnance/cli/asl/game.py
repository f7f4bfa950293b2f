"""``ordnance asl game ...``: a scenario with its side record, kept in the journal.

The game's actions are derived from their forms (:mod:`ordnance.cli.game_commands`);
``new``, ``add-gun``, ``fire`` and ``odds`` below read ASL notation and the
shot's options into those actions. The older spellings (:data:`ALIASES`)
stay, hidden. The journal is opened only when a command runs.

Imports inside the commands are on purpose: this module is loaded for every ``ordnance
asl game`` command and its ``--help``, and each command loads only what it uses (Rich,
the journal, the scenario loader, the counter library).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance import i18n
from ordnance.asl.rules.option_text import (
    CA_HELP,
    canister_extras,
    check_canister_only,
    option_values,
)
from ordnance.cli.asl.options import (
    AimOpt,
    BuildingLevelOpt,
    BuildingOpt,
    CellarOpt,
    DateOpt,
    DrOpt,
    LibraryOpt,
    LocDrmOpt,
    MannedOpt,
    MountOpt,
    TheatreOpt,
)
from ordnance.cli.common import (
    DbOpt,
    JsonOpt,
    NewGame,
    SeedOpt,
    emit,
    open_game,
    with_new_game,
)
from ordnance.cli.game_commands.action import take
from ordnance.cli.game_commands.groups import game_group
from ordnance.cli.option_groups import option_group
from ordnance.core.commands import Alias
from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg
from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Group

    from ordnance.core.journal import GameSession

#: Older spellings of derived actions, kept working (hidden from help).
ALIASES: dict[str, Alias | str] = {
    "phase": Alias("set_phase", arguments=("phase",)),
    "declare": Alias("declare_ammo"),
    "record": "view",
}
game_app = typer.Typer(
    cls=game_group("asl", ALIASES),
    add_completion=False,
    help="A scenario with its side record, kept in the journal.",
    no_args_is_help=True,
)

CapturedOpt = Annotated[
    bool, typer.Option("--captured", help="Captured use (Case H): B# -2, +2 To Hit, red TH#.")
]
RangeOpt = Annotated[
    int | None,
    typer.Option("--range", help="Range in hexes: resolve To Hit and To Kill/IFT (notes B5/B6)."),
]
AfOpt = Annotated[int | None, typer.Option("--af", help="Target AF at the facing fired on.")]
ToHitDrmOpt = Annotated[int, typer.Option("--drm", help="Target-based To Hit DRM (J-R), entered.")]
AcqOpt = Annotated[int, typer.Option("--acquisition", help="Acquisition DRM (Case N).")]


@dataclass(frozen=True)
class WholeShot:
    """The options that resolve a whole shot (notes B5, B6): ``--range``, ``--af``,
    ``--drm``, ``--acquisition``, ``--captured``."""

    range_hexes: RangeOpt = None
    af: AfOpt = None
    drm: ToHitDrmOpt = 0
    acquisition: AcqOpt = 0
    captured: CapturedOpt = False

    def put_into(self, action: dict[str, Any]) -> None:
        """The ``fire`` action's whole-shot fields, only those given."""
        _set_given(
            action,
            (("range", self.range_hexes), ("af", self.af)),
            (
                ("drm", self.drm, self.drm),
                ("acquisition", self.acquisition, self.acquisition),
                ("captured", self.captured, True),
            ),
        )


#: ``fire`` and ``odds`` take ``shot: WholeShot`` in place of its five options
with_whole_shot = option_group("shot", WholeShot)

MovedOpt = Annotated[bool, typer.Option("--moved", help="Canister: the AFV moved.")]


@dataclass(frozen=True)
class CanisterAim:
    """The options of a Canister shot (notes C8.4): ``--aim``, ``--manned-in-mph``,
    ``--moved``, ``--loc-drm``, ``--mount``, ``--building``, ``--building-level``,
    ``--cellar``."""

    aim: AimOpt = None
    manned_in_mph: MannedOpt = False
    moved: MovedOpt = False
    loc_drm: LocDrmOpt = None
    mount: MountOpt = None
    building: BuildingOpt = None
    building_level: BuildingLevelOpt = None
    cellar: CellarOpt = False

    def check(self, kind: str | None) -> None:
        """Refuse the Canister-only options on a shot that is no Canister."""
        check_canister_only(kind, self.aim, self.manned_in_mph)

    def action(self, gun: str, ca: int | None) -> dict[str, Any]:
        """A ``fire_canister`` action from these options (``game fire`` and ``game odds``)."""
        action: dict[str, Any] = {"type": "fire_canister", "gun": gun, "moved": self.moved}
        if ca is not None:
            action["ca"] = ca  # the CA whose aim points the Canister uses
        action.update(
            canister_extras(
                self.aim,
                self.manned_in_mph,
                self.loc_drm,
                self.mount,
                self.building,
                self.building_level,
                self.cellar,
            )
        )
        return action


#: ``fire`` and ``odds`` take ``canister: CanisterAim`` in place of its eight options
with_canister_aim = option_group("canister", CanisterAim)

GunOpt = Annotated[str, typer.Option("--gun", help="The Gun's id in the side record.")]
AmmoOpt = Annotated[
    str | None, typer.Option("--ammo", help="APCR, APDS, HEAT, AP, HE, SMOKE, WP, Canister.")
]
TargetOpt = Annotated[
    str | None, typer.Option("--target", help="vehicle, gun, unarmored, infantry...")
]
IntensiveOpt = Annotated[
    bool, typer.Option("--intensive", help="Intensive Fire: B# -2 (ASL-8.92-a).")
]


@dataclass(frozen=True)
class FireOrder:
    """What ``fire`` and ``odds`` both name: ``--gun``, ``--ammo``, ``--target``,
    ``--intensive``."""

    gun: GunOpt
    ammo: AmmoOpt = None
    target: TargetOpt = None
    intensive: IntensiveOpt = False

    @property
    def kind(self) -> str | None:
        """The declared ammunition, upper case (None: the Gun's usual)."""
        return self.ammo.strip().upper() if self.ammo else None

    def fire_action(self) -> dict[str, Any]:
        """A ``fire`` action's common fields (only those given)."""
        action: dict[str, Any] = {"type": "fire", "gun": self.gun, "intensive": self.intensive}
        if self.ammo is not None:
            action["ammo"] = self.ammo
        if self.target is not None:
            action["target"] = self.target
        return action


#: ``fire`` and ``odds`` take ``order: FireOrder`` in place of its four options
with_fire_order = option_group("order", FireOrder)


def _set_given(
    action: dict[str, Any],
    values: Iterable[tuple[str, Any]],
    flags: Iterable[tuple[str, Any, Any]] = (),
) -> None:
    """Put into ``action`` each of ``values`` that is given (not None), then, for each
    ``(key, flag, value)`` of ``flags`` whose flag is set, ``value`` at ``key``."""
    for key, value in values:
        if value is not None:
            action[key] = value
    for key, flag, value in flags:
        if flag:
            action[key] = value


def _side_nationality(session: GameSession, side: str) -> str | None:
    """The palette a side's counters come from (its nationality; SS: ``waffen-ss``)."""
    for s in session.state().settings.sides:
        if s.name == side:
            nat = str(s.nationality).strip().lower()
            return "waffen-ss" if s.pre_adjusted and nat == "german" else nat
    return None


def _parse_side(text: str) -> dict[str, Any]:
    """``name[:nationality][:elite][:ss]``."""
    parts = [p.strip() for p in text.split(":") if p.strip()]
    if not parts:
        raise OrdnanceError(
            msg("cannot read the side {text!r}", text=text),
            hint=msg("e.g. russian or german:german:elite"),
        )
    side: dict[str, Any] = {
        "name": parts[0],
        "nationality": parts[1] if len(parts) > 1 else parts[0],
    }
    for flag in parts[2:]:
        if flag.lower() == "elite":
            side["elite"] = True
        elif flag.lower() in ("ss", "pre-adjusted"):
            side["elite"] = True
            side["pre_adjusted"] = True
        else:
            raise OrdnanceError(
                msg("unknown side flag {flag!r}", flag=flag), hint=msg("elite or ss")
            )
    return side


def _render_view(view: dict[str, Any]) -> Group:
    from rich.console import Group
    from rich.text import Text

    from ordnance.cli.asl.render import record_table

    head = Text(
        _("{date} ({theatre}), turn {turn}, Player Turn ({attacker}), {phase}").format(
            date=i18n.localize_text(view["date_label"], _, i18n.current()),
            theatre=view["theatre"],
            turn=view["game_turn"],
            attacker=view["attacker"],
            phase=_(view["phase_name"]),
        ),
        style="bold",
    )
    return Group(head, record_table(view["record"], title=_("Side record")))


@game_app.command("new")
@with_new_game
def game_new(
    date: DateOpt = "1944-06",
    theatre: TheatreOpt = "ETO",
    side: Annotated[
        list[str] | None,
        typer.Option("--side", help="name[:nationality][:elite|:ss]; first = first ATTACKER."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", help="ASL-AMB option as name=value.")
    ] = None,
    new: NewGame = NewGame(),
) -> None:
    """Create a scenario (date, theatre, two sides, options) in the journal."""
    if new.scenario is not None and (side or option or (date, theatre) != ("1944-06", "ETO")):
        raise OrdnanceError(
            msg("--scenario sets the date, theatre, sides and options: drop those options")
        )
    if new.from_scenario("asl"):
        return
    sides = [_parse_side(s) for s in (side or ["russian", "german"])]
    settings = {"date": date, "theatre": theatre, "sides": sides, "options": option_values(option)}
    session = new.create("asl", settings)
    view = session.view(None)
    emit({"game_id": session.game_id, **view}, new.as_json, _render_view)


@game_app.command("add-gun")
def game_add_gun(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    gun: Annotated[str, typer.Option("--id", help="A name for this piece (unique).")],
    side: Annotated[str, typer.Option("--side", help="Owning side.")],
    name: Annotated[str, typer.Option("--name", help="What it is, e.g. T-34/85.")] = "",
    notation: Annotated[str | None, typer.Option("--notation", help="Counter notation.")] = None,
    size: Annotated[str | None, typer.Option("--size", help="Gun size for the chart: 85L.")] = None,
    made_by: Annotated[str | None, typer.Option("--made-by", help="Maker nation.")] = None,
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    rof: Annotated[int, typer.Option("--rof", help="Multiple ROF.")] = 0,
    hex_: Annotated[
        str | None, typer.Option("--hex", help="Hex: its printed id (C5) or axial q,r.")
    ] = None,
    ca: Annotated[int | None, typer.Option("--ca", help=CA_HELP)] = None,
    counter: Annotated[
        str | None,
        typer.Option(
            "--counter",
            help="A VASL counter (name, alias or piece id): fills in the notation, and the gun "
            "size, ROF and B# from the database and your counter library.",
        ),
    ] = None,
    library: LibraryOpt = None,
    canister_fp: Annotated[
        int | None,
        typer.Option("--canister-fp", help="Canister FP from the Ordnance Listing (ASL-8.4-e)."),
    ] = None,
    no_he: Annotated[
        bool, typer.Option("--no-he", help="The Gun cannot fire HE (underscored caliber).")
    ] = False,
    captured: CapturedOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Add a Gun from its counter notation and/or the chart (nationality + gun size)."""
    to_hit: str | None = None
    piece_id: str | None = None
    armour: dict[str, int] = {}
    if counter is not None:
        if notation is not None:
            raise OrdnanceError(
                msg("--counter fills in the notation: give one or the other"),
                clause="ASL-8.2-e",
                hint=msg("drop --notation, or drop --counter"),
            )
        from ordnance.asl.rules.counter_library import (
            counter_gun_fields,
            library_path,
            load_library,
        )

        session = open_game(db, game_id)
        values = counter_gun_fields(
            counter,
            nationality=_side_nationality(session, side),
            library=load_library(library_path(library)),
            date=session.state().date,
        )
        notation = values["notation"]
        name = name or values["name"]
        size = size or values.get("gun_size")
        breakdown = values.get("breakdown") if breakdown is None else breakdown
        rof = rof or values.get("rof", 0)
        to_hit = values.get("to_hit")
        piece_id = values["piece_id"]
        armour = {k: v for k, v in values.items() if k.startswith("af_")}
    action: dict[str, Any] = {"type": "add_gun", "id": gun, "side": side, "name": name, **armour}
    _set_given(
        action,
        (
            ("to_hit", to_hit),
            ("piece_id", piece_id),
            ("notation", notation),
            ("gun_size", size),
            ("made_by", made_by),
            ("breakdown", breakdown),
            ("hex", hex_),
            ("ca", ca),
            ("canister_fp", canister_fp),
        ),
        (("rof", rof, rof), ("can_fire_he", no_he, False), ("captured", captured, True)),
    )
    take(db, game_id, action, as_json=as_json)


@game_app.command("fire")
@with_fire_order
@with_whole_shot
@with_canister_aim
def game_fire(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    order: FireOrder,
    tem: Annotated[str | None, typer.Option("--tem", help="Target TEM (HEAT, ASL-8.31-b).")] = None,
    at: Annotated[
        str | None,
        typer.Option("--at", help="Target hex (SMOKE/WP): its printed id (C5) or axial q,r."),
    ] = None,
    ca: Annotated[
        int | None, typer.Option("--ca", help="CA to turn to for this shot, before the DR (0-5).")
    ] = None,
    canister: CanisterAim = CanisterAim(),
    shot: WholeShot = WholeShot(),
    dr: DrOpt = None,
    seed: SeedOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Fire a Gun (declared ammunition; rolled dice, or entered with --dr)."""
    kind = order.kind
    canister.check(kind)
    action: dict[str, Any]
    if kind in ("SMOKE", "S", "WP"):
        if at is None:
            raise OrdnanceError(msg("SMOKE/WP needs a target hex"), hint=msg("--at 2,0"))
        if ca is not None:
            raise OrdnanceError(
                _("--ca is not part of a SMOKE/WP placement"),
                clause="ASL-AMB-15",
                hint=_("turn the Covered Arc first: ordnance asl game turn-ca"),
            )
        place = "place_wp" if kind == "WP" else "place_smoke"
        action = {"type": place, "gun": order.gun, "target": at}
    elif kind in ("CANISTER", "C"):
        action = canister.action(order.gun, ca)
    else:
        action = order.fire_action()
        if tem is not None:
            action["tem"] = tem
        if ca is not None:
            action["ca"] = ca
        shot.put_into(action)
    take(db, game_id, action, dice=dr, seed=seed, as_json=as_json)


@game_app.command("odds")
@with_fire_order
@with_whole_shot
@with_canister_aim
def game_odds(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    order: FireOrder,
    ca: Annotated[
        int | None, typer.Option("--ca", help="Canister: the CA of the aim points (0-5).")
    ] = None,
    canister: CanisterAim = CanisterAim(),
    shot: WholeShot = WholeShot(),
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Odds of a Gun's next shot with the declared ammunition (Canister: per Location too).

    With ``--range`` (and ``--target``, ``--af``) the whole shot: To Hit,
    depletion, B#, To Kill or IFT, and AP against APCR/APDS/HEAT (``compare``).
    """
    session = open_game(db, game_id)
    canister.check(order.kind)
    action: dict[str, Any]
    if order.kind in ("CANISTER", "C"):
        action = canister.action(order.gun, ca)
    else:
        action = order.fire_action()
        shot.put_into(action)
    state = session.state()
    data: Mapping[str, Any] = (
        session.game.named_odds(state, session.game.odds(state, action, None)) or {}
    )
    emit(data, as_json)


__all__ = ["ALIASES", "game_app"]
