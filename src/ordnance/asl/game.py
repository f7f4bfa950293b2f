"""The ASL scenario game: Guns, their side record, phases and shots.

``apply`` is pure: it validates the action, asks the dice source for the DR
only after every check has passed (so a refused action consumes no dice and
writes nothing), and returns a new :class:`~ordnance.asl.record.AslState`.

What it enforces, with the clause it names when it refuses:

* special ammunition is declared before its DR (ASL-8.1-a): ``fire`` carries
  the declaration, ``declare_ammo`` sets it for a later shot, and declaring
  for a shot already rolled is refused;
* each shot of a Multiple ROF Gun declares afresh (ASL-8.1-c);
* the Depletion Number comes from the counter, the chart, the HEAT date
  gate and the Elite rule (:mod:`ordnance.asl.capability`);
* the depletion check and its consequences (ASL-8.9-c/d/e, ASL-AMB-18);
  Intensive Fire keeps N and lowers B# by 2 (ASL-8.92-a);
* limited stowage AP#/HE# is special ammunition (ASL-8.8-b): fired only when
  declared (the declaration brings the depletion check); an undeclared shot
  whose automatic choice (HE at an unarmored target, AP at a vehicle) would
  be that scarce type is refused;
* a voided shot (DR > N) leaves the Gun without a fire marker for the phase,
  so it may fire other ammunition; a CA change made for it stays, or with
  ``voided_shot_ca="undo"`` is undone (ASL-AMB-15);
* no depletion for dispensers (ASL-8.9-f); IR is recorded only (ASL-8.7-a);
* HEAT targets (ASL-8.31-b); SMOKE/WP windows and placement (ASL-8.5, 8.51,
  8.52, 8.6 via :mod:`ordnance.asl.smoke`), with the Placement DR as the
  depletion check (ASL-AMB-14); Canister via :mod:`ordnance.asl.canister`.

Ordinary fire outside the fire phases is refused under the notes' sequence of
play (``ASL-B3``): a Gun fires in its side's PFPh/AFPh as ATTACKER, or in the
MPh/DFPh as DEFENDER.

This module is the :class:`~ordnance.core.game.Game` face: setup, phases,
declarations, the CA and the odds. The shot, SMOKE/WP and Canister procedures
are in :mod:`ordnance.asl.fire`; the forms, panels and SMOKE LOS of the view in
:mod:`ordnance.asl.views` (their names stay importable from here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ordnance.asl import canister_game, fire, scw
from ordnance.asl import turns as asl_turns
from ordnance.asl.actions import (
    ACTION_TITLES,
    KNOWN_NATIONALITIES,
    AddGun,
    AslSettings,
    DeclareAmmo,
    Done,
    Fire,
    FireCanister,
    FireScw,
    PlaceSmoke,
    SetPhase,
    TurnCa,
    parse_action,
    parse_settings,
)
from ordnance.asl.canister_game import CanisterPlan
from ordnance.asl.capability import resolve_capability
from ordnance.asl.dates import ScenarioDate, Theatre
from ordnance.asl.depletion import breakdown_number, refuse_late_declaration
from ordnance.asl.depletion_odds import (
    malfunction_distribution,
    shot_distribution,
    shot_with_malfunction,
)
from ordnance.asl.fire import (
    ARMORED_TARGETS,
    FIRE_MARKERS,
    check_hex,
    firing_sides,
    refuse_changed_declaration,
)
from ordnance.asl.fire_limits import enter_phase, may_fire_in, new_player_turn
from ordnance.asl.notation import DEFAULT_MONTH_LETTERS, Ammo, Entry, parse_notation
from ordnance.asl.phases import PLAYER_TURN, Phase, next_phase, parse_phase
from ordnance.asl.record import AslState, Capability, Gun
from ordnance.asl.shot_preview import placement_preview, whole_shot_preview
from ordnance.asl.supply import (
    NATIONALITIES,
    chart_row,
    normalise_gun_size,
    ordnance_nationality,
)
from ordnance.asl.views import board_view, form_schema, panels, smoke_los
from ordnance.core.dice import DiceSource
from ordnance.core.errors import (
    InvalidDice,
    NotYourSeat,
    OrdnanceError,
    RuleViolation,
    UnknownName,
)
from ordnance.core.game import Event, Game, Message, Outcome, joined, msg, term
from ordnance.core.hexes import Direction, Hex
from ordnance.core.odds.distribution import fraction_text
from ordnance.core.turns import Turn, done_side, owned_legal

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.scenario import ScenarioDoc, ScenarioStart

SPECIAL = (Ammo.APCR, Ammo.APDS, Ammo.HEAT, Ammo.AP, Ammo.HE)
ORDINARY = ("ordinary", "AP", "HE")


def _nat_key(text: str) -> str:
    return text.strip().lower()


#: Notes B2: an ASL DR is two d6, the coloured die first (named in every refusal of dice).
DICE_CLAUSE = "ASL-B2"
DICE_HINT = "an ASL DR is two dice, each 1 to 6, the coloured die first: --dr 3,2"


class AslGame(Game[AslState]):
    name = "asl"
    title = "ASL Chapter C8: Special Ammunition"
    rules_version = 1
    any_time_actions = asl_turns.ANY_TIME
    step_actions = asl_turns.STEP_ACTIONS

    def turn(self, state: AslState) -> Turn:
        return asl_turns.turn(state)

    def needs_consent(
        self, state: AslState, action: Mapping[str, Any], seat: str | None
    ) -> str | None:
        return asl_turns.needs_consent(state, action, seat)

    def describe(self, state: AslState, action: Mapping[str, Any], seat: str | None) -> Message:
        found = asl_turns.describe(state, action, seat)
        return found if found is not None else super().describe(state, action, seat)

    # -- setup ----------------------------------------------------------------
    def new(self, settings: Mapping[str, Any]) -> AslState:
        parsed = parse_settings(settings)
        date = ScenarioDate.parse(parsed.date)
        theatre = Theatre.parse(parsed.theatre)
        names = [s.name for s in parsed.sides]
        if len(parsed.sides) != 2 or len(set(names)) != 2:
            raise OrdnanceError(
                "an ASL scenario has two sides with different names",
                hint='e.g. [{"name": "russian", "nationality": "russian"}, '
                '{"name": "german", "nationality": "german"}]',
            )
        for side in parsed.sides:
            if _nat_key(side.nationality) not in KNOWN_NATIONALITIES:
                raise UnknownName(
                    f"unknown nationality {side.nationality!r} for side {side.name!r}",
                    clause="ASL-8.2-g",
                    hint="one of " + ", ".join(KNOWN_NATIONALITIES),
                )
        return AslState(settings=parsed, date=date, theatre=theatre, attacker=names[0])

    def settings_schema(self) -> dict[str, Any]:
        return AslSettings.model_json_schema()

    def scenario_model(self) -> type[ScenarioDoc]:
        from ordnance.asl.scenario import AslScenario

        return AslScenario

    def from_scenario(self, doc: ScenarioDoc) -> ScenarioStart:
        from ordnance.asl.scenario import from_scenario

        return from_scenario(doc)

    def to_scenario(self, state: AslState) -> dict[str, Any]:
        from ordnance.asl.scenario import to_scenario

        return to_scenario(state)

    def dice_rule(self, action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str] | None:
        return DICE_CLAUSE, DICE_HINT

    def seats(self, state: AslState) -> Sequence[str]:
        return state.side_names

    # -- apply ------------------------------------------------------------------
    def apply(
        self,
        state: AslState,
        action: Mapping[str, Any],
        dice: DiceSource,
        seat: str | None = None,
    ) -> Outcome[AslState]:
        act = parse_action(action)
        if isinstance(act, AddGun):
            return self._add_gun(state, act, seat)
        if isinstance(act, SetPhase):
            return self._set_phase(state, act)
        if isinstance(act, Done):
            return self._done(state, act, seat)
        if isinstance(act, DeclareAmmo):
            return self._declare(state, act, seat)
        if isinstance(act, Fire):
            return self._fire(state, act, dice, seat)
        if isinstance(act, PlaceSmoke):
            return self._place_smoke(state, act, dice, seat)
        if isinstance(act, FireCanister):
            return self._fire_canister(state, act, dice, seat)
        if isinstance(act, TurnCa):
            return self._turn_ca(state, act, seat)
        if isinstance(act, FireScw):
            return scw.fire_scw(state, act, seat)
        raise UnknownName(f"unknown ASL action {action.get('type')!r}")  # pragma: no cover

    # -- helpers --------------------------------------------------------------
    def _side(self, state: AslState, name: str) -> Any:
        for side in state.settings.sides:
            if side.name == name:
                return side
        raise UnknownName(
            f"no side called {name!r}",
            clause="ASL-8.0-a",
            hint="one of " + ", ".join(state.side_names),
        )

    def _own_gun(self, state: AslState, gun_id: str, seat: str | None) -> Gun:
        gun = state.gun(gun_id)
        if gun is None:
            known = ", ".join(g.id for g in state.guns) or "none yet"
            raise UnknownName(
                f"no Gun called {gun_id!r}", clause="ASL-8.0-a", hint=f"Guns in play: {known}"
            )
        if seat is not None and gun.side != seat:
            raise NotYourSeat(f"{seat} cannot fire {gun.side}'s Gun {gun.id}")
        return gun

    def _month_letters(self, state: AslState) -> Mapping[str, int]:
        return state.settings.options.month_letters or DEFAULT_MONTH_LETTERS

    # -- add a Gun ------------------------------------------------------------
    def _add_gun(self, state: AslState, act: AddGun, seat: str | None) -> Outcome[AslState]:
        side = self._side(state, act.side)
        if seat is not None and seat != act.side:
            raise NotYourSeat(f"{seat} cannot add a Gun for {act.side}")
        if state.gun(act.id) is not None:
            raise OrdnanceError(
                f"a Gun called {act.id!r} is already in play",
                clause="ASL-8.0-a",
                hint="give each piece its own id: the record is kept per piece",
            )
        size = normalise_gun_size(act.gun_size) if act.gun_size else None
        # ASL-8.2-g: a Commonwealth army's Guns are British ordnance by default.
        made_by = ordnance_nationality(act.made_by or side.nationality)
        if act.made_by and made_by not in KNOWN_NATIONALITIES:
            raise UnknownName(
                f"unknown nationality {act.made_by!r}", clause="ASL-8.2-g", hint="e.g. american"
            )
        entries: list[Entry] = []
        if act.notation:
            entries = parse_notation(act.notation, month_letters=self._month_letters(state))
        elif size is None:
            raise OrdnanceError(
                "a Gun needs its counter notation or a gun size for the chart",
                clause="ASL-8.2-a",
                hint="give --notation 'A5^4^/6^5' or --size 85L",
            )
        else:
            chart_row(made_by, size)  # an unknown nationality or gun size is refused here
        if not act.can_fire_he and any(e.ammo is Ammo.HE for e in entries):
            raise RuleViolation(
                "ASL-8.8-a",
                "a Gun that cannot fire HE (underscored caliber, notes B5.2) has no limited-"
                "stowage HE#",
                hint="drop the HE# entry, or add the Gun without --no-he",
            )
        if act.hex is not None:
            check_hex(act.hex)
        elite = side.elite if act.elite is None else act.elite
        opts = state.settings.options
        ammos: list[Ammo] = []
        for entry in entries:
            if entry.ammo not in ammos:
                ammos.append(entry.ammo)
        if size and made_by in NATIONALITIES:
            try:
                row = chart_row(made_by, size)
            except UnknownName:
                row = None
            if row is not None and row.ammo not in ammos:
                ammos.insert(0, row.ammo)
        caps = []
        for ammo in ammos:
            res = resolve_capability(
                ammo,
                entries,
                state.date,
                state.theatre,
                made_by=made_by,
                used_by=_nat_key(side.nationality),
                gun_size=size,
                elite=elite,
                pre_adjusted=side.pre_adjusted,
                options=opts,
            )
            token = next((e.token for e in entries if e.ammo is ammo), None)
            caps.append(
                Capability(
                    ammo=ammo.value,
                    token=token,
                    source=res.source,
                    depletion=res.depletion,
                    depletion_applies=ammo.has_depletion,
                    available_at_date=res.available,
                    clause=res.clause,
                    reason=res.reason,
                )
            )
        gun = Gun(
            id=act.id,
            side=act.side,
            name=act.name,
            notation=act.notation,
            gun_size=size,
            made_by=made_by,
            breakdown=act.breakdown,
            rof=act.rof,
            hex=act.hex,
            elite=elite,
            can_fire_he=act.can_fire_he,
            capabilities=tuple(caps),
            canister_fp=act.canister_fp,
            ca=act.ca,
            captured=act.captured,
        )
        items = [
            f"{c.ammo} {c.depletion if c.depletion is not None else ''}".strip()
            if c.available_at_date
            else term("{ammo} n/a", ammo=c.ammo)
            for c in caps
        ]
        summary = joined(", ", items) if items else term("no special ammunition")
        message = (
            msg("{side} adds {gun} ({name}): {summary}", side=act.side, gun=act.id,
                name=act.name, summary=summary)
            if act.name
            else msg("{side} adds {gun}: {summary}", side=act.side, gun=act.id, summary=summary)
        )  # fmt: skip
        event = Event.of("gun_added", {"gun": gun.to_dict()}, message)
        return Outcome(replace(state, guns=(*state.guns, gun)).remember(event.text), (event,))

    # -- phases ---------------------------------------------------------------
    def _done(self, state: AslState, act: Done, seat: str | None) -> Outcome[AslState]:
        """A side is done with a simultaneous phase; the second done ends it (ASL-B3)."""
        side = done_side(self.turn(state), {"side": act.side}, seat)
        state = replace(state, done=state.done | {side})
        event = Event.of(
            "done",
            {"side": side, "phase": state.phase.value},
            msg("{side} is done with the {phase}", side=side, phase=term(state.phase.full_name)),
        )
        if self.turn(state).is_simultaneous:
            return Outcome(state.remember(event.text), (event,))
        after = self._set_phase(state, SetPhase())
        return Outcome(after.state, (event, *after.events))

    def _set_phase(self, state: AslState, act: SetPhase) -> Outcome[AslState]:
        turn = state.turn
        attacker = state.attacker
        if act.phase is None and act.turn is None and act.attacker is None:
            phase = next_phase(state.phase)
            if state.phase is Phase.CCPh:
                attacker = state.defender
                if attacker == state.side_names[0]:
                    turn += 1
        else:
            phase = parse_phase(act.phase) if act.phase else state.phase
            turn = act.turn if act.turn is not None else turn
            if act.attacker is not None:
                self._side(state, act.attacker)
                attacker = act.attacker
        # B5.6: per-phase rights reset; the once-per-Player-Turn record only with a new one
        fresh = new_player_turn(state.turn, state.attacker, state.phase, turn, attacker, phase)
        guns = tuple(enter_phase(g, new_turn=fresh) for g in state.guns)
        new = replace(
            state,
            turn=turn,
            phase=phase,
            attacker=attacker,
            guns=guns,
            non_smoke_fired=frozenset(),
            done=frozenset(),
        )
        event = Event.of(
            "phase",
            {"turn": turn, "phase": phase.value, "attacker": attacker},
            msg(
                "turn {turn}, {attacker}'s Player Turn: {phase} ({phase_name})",
                turn=turn,
                attacker=attacker,
                phase=phase.value,
                phase_name=term(phase.full_name),
            ),
        )
        return Outcome(new.remember(event.text), (event,))

    # -- declarations ---------------------------------------------------------
    def _declare(self, state: AslState, act: DeclareAmmo, seat: str | None) -> Outcome[AslState]:
        gun = self._own_gun(state, act.gun, seat)
        ammo = Ammo.parse(act.ammo)
        if act.shot is not None and act.shot <= gun.shots:
            raise refuse_late_declaration(ammo.value, act.shot)
        if act.shot is not None and act.shot > gun.shots + 1:
            raise RuleViolation(
                "ASL-8.1-c",
                f"declare for {gun.id}'s next shot (#{gun.shots + 1}), not #{act.shot}",
                hint="each shot declares its ammunition afresh",
            )
        fire.special_capability(gun, ammo)
        event = Event.of(
            "declared",
            {"gun": gun.id, "ammo": ammo.value, "shot": gun.shots + 1},
            msg(
                "{gun} declares {ammo} for shot #{shot}",
                gun=gun.id,
                ammo=ammo.value,
                shot=gun.shots + 1,
            ),
        )
        return Outcome(
            state.with_gun(replace(gun, pending=ammo.value)).remember(event.text),
            (event,),
        )

    # -- Covered Arc ----------------------------------------------------------
    def _turn_ca(self, state: AslState, act: TurnCa, seat: str | None) -> Outcome[AslState]:
        gun = self._own_gun(state, act.gun, seat)
        before = gun.ca
        message = (
            msg("{gun} turns its CA to {ca}", gun=gun.id, ca=Direction(act.ca).name)
            if before is None
            else msg(
                "{gun} turns its CA to {ca} (was {before})",
                gun=gun.id,
                ca=Direction(act.ca).name,
                before=Direction(before).name,
            )
        )
        event = Event.of("ca", {"gun": gun.id, "ca": act.ca, "ca_before": before}, message)
        new = state.with_gun(replace(gun, ca=act.ca))
        return Outcome(new.remember(event.text), (event,))

    # -- shots (the procedures are in ordnance.asl.fire) ----------------------
    def firing_sides(self, state: AslState) -> tuple[str, ...]:
        """Who may fire Guns now (notes B3): ATTACKER in PFPh/AFPh, DEFENDER in MPh/DFPh."""
        return firing_sides(state)

    def _fire(
        self, state: AslState, act: Fire, dice: DiceSource, seat: str | None
    ) -> Outcome[AslState]:
        return fire.fire(state, self._own_gun(state, act.gun, seat), act, dice)

    def _place_smoke(
        self, state: AslState, act: PlaceSmoke, dice: DiceSource, seat: str | None
    ) -> Outcome[AslState]:
        return fire.place_smoke(state, self._own_gun(state, act.gun, seat), act, dice)

    def _fire_canister(
        self, state: AslState, act: FireCanister, dice: DiceSource, seat: str | None
    ) -> Outcome[AslState]:
        return canister_game.fire_canister(state, self._own_gun(state, act.gun, seat), act, dice)

    # -- observer -------------------------------------------------------------
    def view(self, state: AslState, seat: str | None) -> dict[str, Any]:
        record = [g.to_dict() for g in state.guns]
        units = [
            {"id": g.id, "side": g.side, "hex": g.hex, "label": g.name or g.id}
            for g in state.guns
            if g.hex
        ]
        view: dict[str, Any] = {
            "game": self.name,
            "date": str(state.date),
            "date_label": state.date.label,
            "theatre": state.theatre.value,
            "game_turn": state.turn,
            "turn": self.turn(state).to_view(),
            "phase": state.phase.value,
            "phase_name": state.phase.full_name,
            "attacker": state.attacker,
            "defender": state.defender,
            "firing": list(self.firing_sides(state)),
            "sides": [s.model_dump() for s in state.settings.sides],
            "options": state.settings.options.model_dump(),
            "record": record,
            "recent": list(state.recent),
        }
        if units or state.markers:
            view["map"] = {
                "hexes": [],
                "units": units,
                "markers": [
                    {"hex": m.hex, "kind": m.kind, "label": m.label} for m in state.markers
                ],
                "arrows": [],
                "clusters": [{"hexes": list(c), "kind": "canister"} for c in state.clusters],
            }
        view["board"] = board_view(state)
        view["panels"] = panels(view)
        return view

    # -- line of sight --------------------------------------------------------
    def los(
        self, state: AslState, origin: Hex, target: Hex, seat: str | None = None
    ) -> dict[str, Any]:
        """SMOKE/WP Hindrance along the line (ASL-8.5-c/d): a DRM total, never a block.

        Reads only the SMOKE/WP counters of the side record's map markers,
        which every seat's view shows. The game records no terrain and no
        levels, so the answer states its assumption: ground-level counters
        (ASL-8.52-a) and a LOS traced below their two-level height.
        """
        return smoke_los(state, origin, target)

    def action_kinds(self) -> Mapping[str, str]:
        return dict(ACTION_TITLES)

    def action_form(self, state: AslState, seat: str | None, kind: str) -> dict[str, Any] | None:
        """The offered form, else the form of any ASL action (``apply`` judges it)."""
        form = super().action_form(state, seat, kind)
        if form is not None or kind not in ACTION_TITLES or kind == "done":
            return form
        own = [g for g in state.guns if seat is None or g.side == seat]
        schema = form_schema(state, seat, kind, own)
        return {"type": kind, "title": ACTION_TITLES[kind], "schema": schema}

    def legal(self, state: AslState, seat: str | None) -> list[dict[str, Any]]:
        kinds = ["add_gun", "set_phase"]
        if any(seat is None or g.side == seat for g in state.guns):
            kinds.append("turn_ca")
        shooters = [
            g
            for g in state.guns
            if g.side in self.firing_sides(state)
            and (seat is None or g.side == seat)
            and not g.malfunctioned
            and may_fire_in(g, state.phase)  # B5.6: once per Player Turn
        ]
        if shooters:
            kinds += ["declare_ammo", "fire"]
            ammos = {c.ammo for g in shooters for c in g.capabilities if c.status == "available"}
            if "SMOKE" in ammos and state.phase in (Phase.PFPh, Phase.DFPh):
                kinds.append("place_smoke")
            if "WP" in ammos:
                kinds.append("place_wp")
            if "Canister" in ammos:
                kinds.append("fire_canister")
        if any(seat is None or seat == side for side in self.firing_sides(state)):
            kinds.append("fire_scw")  # SCW HEAT needs no Gun (ASL-8.3-b)
        return owned_legal(
            self,
            state,
            seat,
            [
                {
                    "type": k,
                    "title": ACTION_TITLES[k],
                    "schema": form_schema(state, seat, k, shooters),
                }
                for k in kinds
            ],
        )

    def odds(
        self, state: AslState, action: Mapping[str, Any], seat: str | None = None
    ) -> dict[str, Any] | None:
        kind = action.get("type")
        if kind not in ("fire", "place_smoke", "place_wp", "fire_canister"):
            return None
        act = parse_action(action)
        gun = state.gun(str(action.get("gun")))
        if gun is None:
            return None
        intensive = bool(getattr(act, "intensive", False))
        if isinstance(act, Fire):
            ammo, special = fire.resolve_ammo(gun, act.ammo)
            if not special:
                try:
                    fire.check_automatic_choice(gun, act)
                except RuleViolation as exc:
                    return {
                        "title": f"{gun.id}: {exc.message}",
                        "distribution": {"refused": "1/1"},
                        "clause": exc.clause,
                    }
        elif isinstance(act, PlaceSmoke):
            ammo, special = (Ammo.SMOKE if act.type == "place_smoke" else Ammo.WP), True
        else:
            ammo, special = Ammo.CANISTER, True
        if not special or ammo is None:
            b = breakdown_number(gun.breakdown, intensive=intensive)
            dist = malfunction_distribution(gun.breakdown, intensive=intensive)
            ordinary = {"title": f"{gun.id}: ordinary shot, malfunction on DR >= {b}",
                        "distribution": dist.to_json()}  # fmt: skip
            if isinstance(act, Fire):  # notes B5/B6: the whole shot when a range is given
                ordinary.update(whole_shot_preview(state, gun, act, ammo, None) or {})
            return ordinary
        cap = gun.capability(ammo.value)
        if cap is None or cap.status != "available":
            return {
                "title": f"{gun.id}: {ammo.value} is not available",
                "distribution": {"refused": "1/1"},
            }
        dist = shot_distribution(cap.depletion)
        joint = shot_with_malfunction(cap.depletion, gun.breakdown, intensive=intensive)
        answer: dict[str, Any] = {
            "title": f"{gun.id}: {ammo.value} N={cap.depletion} (ASL-8.9-c/d/e)",
            "distribution": dist.to_json(),
            "malfunction": fraction_text(joint.probability(lambda o: o[1])),
            "available_after": fraction_text(dist["used"]),
            "joint": {
                f"{o}{' + malfunction' if m else ''}": fraction_text(p)
                for (o, m), p in joint.items()
            },
        }
        if isinstance(act, FireCanister):
            answer.update(canister_game.canister_shot_odds(state, gun, act, cap))
        if isinstance(act, Fire):  # notes B5/B6: the whole shot when a range is given
            answer.update(whole_shot_preview(state, gun, act, ammo, cap) or {})
        if isinstance(act, PlaceSmoke):  # C8.9: placed only by a hit
            answer.update(placement_preview(state, gun, act, ammo, cap))
        return answer


__all__ = [
    "ARMORED_TARGETS",
    "FIRE_MARKERS",
    "ORDINARY",
    "PLAYER_TURN",
    "SPECIAL",
    "AslGame",
    "CanisterPlan",
    "form_schema",
    "panels",
    "refuse_changed_declaration",
    "smoke_los",
]
