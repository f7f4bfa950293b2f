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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from ordnance.asl.actions import (
    ACTION_MODELS,
    ACTION_TITLES,
    KNOWN_NATIONALITIES,
    AddGun,
    AslSettings,
    DeclareAmmo,
    Fire,
    FireCanister,
    PlaceSmoke,
    SetPhase,
    TurnCa,
    parse_action,
    parse_settings,
)
from ordnance.asl.canister import CanisterAim, CanisterHexAttack, CanisterOptions
from ordnance.asl.capability import GOVERNED_ELSEWHERE, resolve_capability
from ordnance.asl.dates import ScenarioDate, Theatre
from ordnance.asl.depletion import (
    ShotResult,
    breakdown_number,
    check_shot,
    malfunctions,
    refuse_late_declaration,
)
from ordnance.asl.depletion_odds import (
    malfunction_distribution,
    shot_distribution,
    shot_with_malfunction,
)
from ordnance.asl.he_equivalency import check_heat_target
from ordnance.asl.notation import DEFAULT_MONTH_LETTERS, Ammo, Entry, parse_notation
from ordnance.asl.phases import PLAYER_TURN, Phase, next_phase, parse_phase
from ordnance.asl.record import AslState, Capability, Exhaustion, Gun, Marker
from ordnance.asl.smoke import HINDRANCE_DRM, SMOKE_HEIGHT_LEVELS, SmokeAmmo, smoke_hinders
from ordnance.asl.supply import NATIONALITIES, caliber_of, chart_row, normalise_gun_size
from ordnance.core.dice import DiceSource
from ordnance.core.errors import NotYourSeat, OrdnanceError, RuleViolation, UnknownName
from ordnance.core.forms import choices, hex_field, panel
from ordnance.core.game import (
    Event,
    Game,
    Message,
    Outcome,
    hex_line_answer,
    joined,
    msg,
    render_message,
    term,
)
from ordnance.core.hexes import Direction, Hex, line
from ordnance.core.odds.distribution import fraction_text

SPECIAL = (Ammo.APCR, Ammo.APDS, Ammo.HEAT, Ammo.AP, Ammo.HE)
ORDINARY = ("ordinary", "AP", "HE")
#: The marker a Gun that fired gets in each phase (none in the AFPh).
FIRE_MARKERS = {Phase.PFPh: "Prep Fire", Phase.MPh: "First Fire", Phase.DFPh: "Final Fire"}
#: Targets at which the Gun's automatic choice is AP; every other target gets HE (ASL-8.8-b).
ARMORED_TARGETS = ("vehicle",)


@dataclass(frozen=True, slots=True)
class CanisterPlan:
    """What a Canister shot attacks, fixed before its DR (ASL-8.4-c/h/i/k)."""

    options: CanisterOptions
    ca: int
    aim: CanisterAim
    attacks: tuple[CanisterHexAttack, ...]
    #: ASL-8.4-c: manned by Infantry in the MPh and fired in the AFPh.
    manned_halves: bool
    #: Why the manned-in-MPh halving did or did not apply (a translatable term).
    note: dict[str, Any] | None


def _nat_key(text: str) -> str:
    return text.strip().lower()


class AslGame(Game[AslState]):
    name = "asl"
    title = "ASL Chapter C8: Special Ammunition"
    rules_version = 1

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

    def _with_gun(self, state: AslState, gun: Gun, **changes: Any) -> AslState:
        guns = tuple(gun if g.id == gun.id else g for g in state.guns)
        return replace(state, guns=guns, **changes)

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
        made_by = _nat_key(act.made_by) if act.made_by else _nat_key(side.nationality)
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
        if act.hex is not None:
            _check_hex(act.hex)
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
        return Outcome(_remember(replace(state, guns=(*state.guns, gun)), event.text), (event,))

    # -- phases ---------------------------------------------------------------
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
        guns = tuple(
            replace(
                g,
                fired_this_phase=False,
                may_fire_again=False,
                intensive_used=False,
                pending=None,
                fire_marker=None,
            )
            for g in state.guns
        )
        new = replace(
            state,
            turn=turn,
            phase=phase,
            attacker=attacker,
            guns=guns,
            non_smoke_fired=frozenset(),
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
        return Outcome(_remember(new, event.text), (event,))

    def firing_sides(self, state: AslState) -> tuple[str, ...]:
        """Who may fire Guns now (notes B3): ATTACKER in PFPh/AFPh, DEFENDER in MPh/DFPh."""
        if state.phase in (Phase.PFPh, Phase.AFPh):
            return (state.attacker,)
        if state.phase in (Phase.MPh, Phase.DFPh):
            return (state.defender,)
        return ()

    def _check_may_fire(self, state: AslState, gun: Gun, *, intensive: bool = False) -> None:
        if gun.side not in self.firing_sides(state):
            allowed = (
                "PFPh/AFPh as ATTACKER, MPh/DFPh as DEFENDER" if state.attacker else "a fire phase"
            )
            raise RuleViolation(
                "ASL-B3",
                f"{gun.side}'s Gun {gun.id} cannot fire in the {state.phase.value} of "
                f"{state.attacker}'s Player Turn",
                hint=f"Guns fire in {allowed}",
            )
        if gun.malfunctioned:
            raise RuleViolation(
                "ASL-B5.7",
                f"{gun.id} has malfunctioned and cannot fire",
                hint="repair it first (a malfunctioned Gun may not fire again)",
            )
        if intensive:
            if state.phase is Phase.AFPh:
                raise RuleViolation(
                    "ASL-B5.8",
                    "Intensive Fire is not allowed in the AFPh",
                    hint="fire normally",
                )
            if not gun.fired_this_phase or gun.may_fire_again or gun.intensive_used:
                raise RuleViolation(
                    "ASL-B5.8",
                    f"{gun.id} may use Intensive Fire only once, after its normal fire "
                    "(and ROF) this phase",
                    hint="fire normally first",
                )
        elif gun.fired_this_phase and not gun.may_fire_again:
            raise RuleViolation(
                "ASL-8.1-c",
                f"{gun.id} has already fired this phase and kept no Multiple ROF",
                hint="Intensive Fire (B# -2, N unchanged) or wait for the next phase",
            )

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
        self._special_capability(gun, ammo)
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
            _remember(self._with_gun(state, replace(gun, pending=ammo.value)), event.text),
            (event,),
        )

    def _special_capability(self, gun: Gun, ammo: Ammo) -> Capability:
        cap = gun.capability(ammo.value)
        if cap is None:
            raise RuleViolation(
                "ASL-8.9-a",
                f"{gun.id} has no {ammo.value} on its counter or the chart",
                hint="fire ordinary ammunition, or check the counter notation",
            )
        if not cap.available_at_date:
            raise RuleViolation(
                cap.clause,
                f"{gun.id} has no {ammo.value} at this date: {cap.reason}",
                hint="fire ordinary ammunition",
            )
        if cap.exhausted is not None:
            e = cap.exhausted
            raise RuleViolation(
                "ASL-8.9-d" if e.outcome == "used-and-depleted" else "ASL-8.9-e",
                f"{gun.id}'s {ammo.value} is gone for the scenario (DR {e.original_dr}, "
                f"turn {e.turn} {e.phase})",
                hint="fire other ammunition",
            )
        return cap

    def _resolve_ammo(self, gun: Gun, requested: str | None) -> tuple[Ammo | None, bool]:
        """(ammunition, is special) for a ``fire`` action; honours a pending declaration."""
        if requested is None:
            if gun.pending is not None:
                return Ammo.parse(gun.pending), True
            return None, False
        if requested.strip().lower() == "ordinary":
            if gun.pending is not None:
                raise refuse_changed_declaration(gun, "ordinary ammunition")
            return None, False
        ammo = Ammo.parse(requested)
        if gun.pending is not None and gun.pending != ammo.value:
            raise refuse_changed_declaration(gun, ammo.value)
        if ammo in (Ammo.AP, Ammo.HE) and gun.capability(ammo.value) is None:
            return ammo, False  # normal AP/HE: not limited stowage
        return ammo, True

    def _check_automatic_choice(self, gun: Gun, act: Fire) -> None:
        """ASL-8.8-b: the automatic HE/AP choice never fires limited-stowage AP#/HE#.

        An undeclared shot at a known target would get HE (unarmored target)
        or AP (vehicle) automatically. When that type is the piece's scarce
        AP#/HE#, it can only be fired by declaring it before the DR, which
        brings the depletion check; the undeclared shot is refused.
        """
        if act.target is None or gun.pending is not None:
            return
        if act.ammo is not None and act.ammo.strip().lower() != "ordinary":
            return
        auto = Ammo.AP if act.target in ARMORED_TARGETS else Ammo.HE
        cap = gun.capability(auto.value)
        if cap is None:
            return
        other = "HE" if auto is Ammo.AP else "AP"
        token = f" ({cap.token})" if cap.token else ""
        state_text = {
            "available": "it may be fired only by declaring it before the To Hit DR",
            "gone": "and it is gone for the scenario",
            "not-available": "and none is available at this date",
        }[cap.status]
        raise RuleViolation(
            "ASL-8.8-b",
            f"{gun.id} carries limited-stowage {auto.value}{token}: the automatic choice of "
            f"{auto.value} (target: {act.target}) does not cover it; {state_text}",
            hint=f"declare {auto.value} (--ammo {auto.value}: the To Hit DR is then its "
            f"depletion check, ASL-8.9) or fire {other}",
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
        new = self._with_gun(state, replace(gun, ca=act.ca))
        return Outcome(_remember(new, event.text), (event,))

    # -- fire -----------------------------------------------------------------
    def _fire(
        self, state: AslState, act: Fire, dice: DiceSource, seat: str | None
    ) -> Outcome[AslState]:
        gun = self._own_gun(state, act.gun, seat)
        ammo, special = self._resolve_ammo(gun, act.ammo)
        if ammo in (Ammo.SMOKE, Ammo.WP):
            raise RuleViolation(
                "ASL-8.5-a",
                f"{ammo.value} is placed with place_smoke / place_wp",
                hint="use the place_smoke or place_wp action",
            )
        if ammo is Ammo.CANISTER:
            raise RuleViolation(
                "ASL-8.4-b", "Canister needs no To Hit DR", hint="use the fire_canister action"
            )
        if ammo is not None and ammo.is_dispenser:
            raise RuleViolation(
                "ASL-8.9-f",
                f"{ammo.value} is a vehicular dispenser ({GOVERNED_ELSEWHERE['sD']}), "
                "not Gun ammunition",
                hint="dispensers have no depletion check; resolve them under D13",
            )
        if ammo is Ammo.IR:
            raise RuleViolation(
                "ASL-8.7-a",
                "IR is recorded as a capability; its use belongs to the "
                f"{GOVERNED_ELSEWHERE['IR']} night rules",
                hint="fire another ammunition",
            )
        if ammo is Ammo.HEAT and act.target is not None:
            check_heat_target(act.target, act.tem)
        if not special:
            self._check_automatic_choice(gun, act)
        self._check_may_fire(state, gun, intensive=act.intensive)
        cap = self._special_capability(gun, ammo) if special and ammo is not None else None
        ca_before = gun.ca
        if act.ca is not None:
            gun = replace(gun, ca=act.ca)  # the CA change is made before the DR
        # every check passed: only now is the DR rolled (ASL-8.1-a)
        dr = dice.dr("To Hit DR")
        shot_no = gun.shots + 1
        label = ammo.value if ammo is not None else "ordinary"
        if cap is None:
            broke = malfunctions(dr.total, gun.breakdown, intensive=act.intensive)
            b = breakdown_number(gun.breakdown, intensive=act.intensive)
            rof_kept = not broke and gun.rof > 0 and dr.coloured <= gun.rof and not act.intensive
            gun2 = replace(
                gun,
                shots=shot_no,
                fired_this_phase=True,
                may_fire_again=rof_kept,
                intensive_used=gun.intensive_used or act.intensive,
                malfunctioned=broke,
                pending=None,
                fire_marker=FIRE_MARKERS.get(state.phase),
            )
            fired = "{gun} fires {ammo} (shot #{shot}), DR {coloured}+{white}={dr}"
            if broke:
                fired += ": malfunction (B#{breakdown})"
            elif rof_kept:
                fired += ": Multiple ROF kept"
            message = msg(
                fired,
                gun=gun.id,
                ammo=term(label) if ammo is None else label,
                shot=shot_no,
                coloured=dr.coloured,
                white=dr.white,
                dr=dr.total,
                **({"breakdown": b} if broke else {}),
            )
            data = {
                "gun": gun.id,
                "ammo": label,
                "special": False,
                "dr": [dr.coloured, dr.white],
                "original_dr": dr.total,
                "malfunctioned": broke,
                "breakdown": b,
                "rof_retained": rof_kept,
                "shot": shot_no,
            }
            new = self._with_gun(state, gun2, non_smoke_fired=state.non_smoke_fired | {gun.side})
            event = Event.of("shot", data, message)
            return Outcome(_remember(new, event.text), (event,))
        assert ammo is not None
        result = check_shot(
            ammo.value,
            cap.depletion,
            dr,
            breakdown=gun.breakdown,
            intensive=act.intensive,
            rof=gun.rof,
        )
        extra = {"limited_stowage": "ASL-8.8-b"} if ammo in (Ammo.AP, Ammo.HE) else None
        return self._record_shot(
            state, gun, cap, result, shot_no, kind="shot", extra=extra, ca_before=ca_before
        )

    def _record_shot(
        self,
        state: AslState,
        gun: Gun,
        cap: Capability,
        result: ShotResult,
        shot_no: int,
        *,
        kind: str,
        extra: Mapping[str, Any] | None = None,
        non_smoke: bool = True,
        markers: tuple[Marker, ...] = (),
        ca_before: int | Literal["unchanged"] | None = "unchanged",
        note: dict[str, Any] | None = None,
    ) -> Outcome[AslState]:
        cap2 = replace(
            cap,
            uses=cap.uses + (1 if result.fired_special else 0),
            attempts=cap.attempts + 1,
            exhausted=(
                Exhaustion(
                    (result.dr.coloured, result.dr.white),
                    state.turn,
                    state.phase.value,
                    shot_no,
                    result.outcome.value,
                )
                if result.gone and cap.depletion_applies
                else None
            ),
        )
        caps = tuple(cap2 if c.ammo == cap.ammo else c for c in gun.capabilities)
        fired = result.counts_as_fired
        ca = gun.ca
        prior = gun.ca if ca_before == "unchanged" else ca_before
        voided: dict[str, Any] | None = None
        if not fired:
            # ASL-AMB-15: no Acquisition and no fire marker from a voided shot; a CA
            # change made for it stays, unless the option undoes it.
            undo = state.settings.options.voided_shot_ca == "undo" and prior != gun.ca
            if undo:
                ca = prior
            voided = {
                "fire_marker": gun.fire_marker,
                "acquisition": False,
                "ca": ca,
                "ca_changed_for_shot": prior != gun.ca,
                "ca_restored": undo,
                "clause": "ASL-AMB-15",
            }
        if fired:
            gun2 = replace(
                gun,
                capabilities=caps,
                shots=shot_no,
                fired_this_phase=True,
                may_fire_again=result.rof_retained,
                intensive_used=gun.intensive_used or result.intensive,
                malfunctioned=result.malfunctioned,
                pending=None,
                fire_marker=FIRE_MARKERS.get(state.phase),
            )
        else:
            # ASL-8.9-e: the attempt counts as not fired for every purpose but the
            # malfunction check, so the Gun keeps the firing rights it had before it
            # (a voided Intensive Fire attempt may be made again as Intensive Fire,
            # and does not turn into a normal shot); only the ammunition is gone.
            gun2 = replace(
                gun,
                capabilities=caps,
                shots=shot_no,
                malfunctioned=result.malfunctioned,
                pending=None,
                ca=ca,
            )
        fired_sides = state.non_smoke_fired | ({gun.side} if fired and non_smoke else set())
        new = self._with_gun(
            state, gun2, non_smoke_fired=frozenset(fired_sides), markers=state.markers + markers
        )
        shot_result = result.message()
        args: dict[str, Any] = {
            "gun": gun.id,
            "shot": shot_no,
            "result": {"template": shot_result.template, "args": dict(shot_result.args)},
        }
        message: Message = msg("{gun} shot #{shot}: {result}", **args)
        data = {"gun": gun.id, "shot": shot_no, "special": True, **result.to_dict()}
        if extra:
            data.update(extra)
        if voided is not None:
            data["voided"] = voided
            if voided["ca_restored"] and ca is not None:
                message = msg(
                    "{gun} shot #{shot}: {result}; CA back to {ca} (ASL-AMB-15)",
                    **args,
                    ca=Direction(ca).name,
                )
        if note is not None:
            message = msg(
                "{text}; {note}",
                text={"template": message.template, "args": dict(message.args)},
                note=note,
            )
        event = Event.of(kind, data, message)
        return Outcome(_remember(new, event.text), (event,))

    # -- SMOKE / WP -----------------------------------------------------------
    def _place_smoke(
        self, state: AslState, act: PlaceSmoke, dice: DiceSource, seat: str | None
    ) -> Outcome[AslState]:
        from ordnance.asl import smoke

        gun = self._own_gun(state, act.gun, seat)
        ammo = Ammo.SMOKE if act.type == "place_smoke" else Ammo.WP
        if gun.pending is not None and gun.pending != ammo.value:
            raise refuse_changed_declaration(gun, ammo.value)
        target = _check_hex(act.target)
        opts = state.settings.options
        placement = smoke.check_placement(
            ammo.value,
            state.phase,
            owner_is_attacker=gun.side == state.attacker,
            non_smoke_fired_this_phase=(
                bool(state.non_smoke_fired)
                if ammo is Ammo.SMOKE
                else gun.side in state.non_smoke_fired
            ),
            target_hex=target,
            gun_hex=_check_hex(gun.hex) if gun.hex else None,
            target_is_interior_building=act.interior_building,
            target_level=act.target_level,
            options=smoke.SmokeOptions(
                smoke_other_phases=opts.smoke_other_phases,
                smoke_interior_building=opts.smoke_interior_building,
                wp_defensive_first_fire=opts.wp_defensive_first_fire,
            ),
        )
        self._check_may_fire(state, gun)
        cap = self._special_capability(gun, ammo)
        dr = dice.dr("Placement DR")
        shot_no = gun.shots + 1
        result = check_shot(ammo.value, cap.depletion, dr, breakdown=gun.breakdown, rof=gun.rof)
        markers: tuple[Marker, ...] = ()
        if result.fired_special:
            markers = (Marker(str(target), placement.marker_kind, placement.label),)
        extra = {
            "placement": placement.to_dict() if result.fired_special else None,
            "placement_clauses": [*placement.clauses, "ASL-AMB-14"],
            "target": str(target),
        }
        return self._record_shot(
            state,
            gun,
            cap,
            result,
            shot_no,
            kind="smoke",
            extra=extra,
            non_smoke=False,  # SMOKE and WP never close the smoke window
            markers=markers,
        )

    # -- Canister -------------------------------------------------------------
    def _canister_plan(self, state: AslState, gun: Gun, act: FireCanister) -> CanisterPlan:
        """Aim point, CA and attacked Locations of a Canister shot, before its DR.

        The shot and its odds both use this, so they attack the same Locations.
        """
        from ordnance.asl import canister

        if gun.hex is None:
            raise RuleViolation(
                "ASL-8.4-h",
                f"{gun.id} has no hex, so its Canister aim points are unknown",
                hint="add the Gun with --hex q,r",
            )
        opts = state.settings.options
        copts = canister.CanisterOptions(
            canister_geometry=opts.canister_geometry,
            canister_ca=opts.canister_ca,
            canister_reductions=opts.canister_reductions,
            canister_dr=opts.canister_dr,
            canister_vehicles=opts.canister_vehicles,
        )
        ca = act.ca if act.ca is not None else gun.ca
        if ca is None:
            raise RuleViolation(
                "ASL-8.4-h",
                f"{gun.id} has no recorded Covered Arc, so its Canister aim points are unknown",
                hint="give the CA with --ca 0..5 (0 = N ... 5 = NW), or turn the Gun's CA first "
                "(turn_ca)",
            )
        gun_hex = _check_hex(gun.hex)
        if act.building_hex is not None:
            aim = canister.building_aim(
                gun_hex,
                _check_hex(act.building_hex),
                act.building_level,
                lowest_level=act.building_level - 1,
                highest_level=act.building_level + 1,
            )
        else:
            aims = canister.aim_points(gun_hex, ca, options=copts)
            names = [a.name for a in aims]
            wanted = f"V{act.aim or 3}"
            if wanted not in names:
                raise RuleViolation(
                    "ASL-8.4-k",
                    f"{wanted} is not an aim point of this CA",
                    hint="aim at one of " + ", ".join(names),
                )
            aim = aims[names.index(wanted)]
        # ASL-8.4-c: a Gun manned by Infantry in the MPh fires Canister at half FP in
        # the AFPh that follows; in any other phase the manning does not halve it.
        manned_halves = act.manned_in_mph and state.phase is Phase.AFPh
        attacks = canister.canister_attacks(
            aim,
            _canister_fp(gun),
            moved_or_manned_in_mph=act.moved or manned_halves,
            same_level=act.same_level,
            options=copts,
        )
        note: dict[str, Any] | None = None
        if act.manned_in_mph:
            note = (
                term("manned in the MPh, fired in the AFPh: Canister FP halved (ASL-8.4-c)")
                if manned_halves
                else term(
                    "manned in the MPh but fired in the {phase}: no halving, it applies only "
                    "in the AFPh (ASL-8.4-c)",
                    phase=state.phase.value,
                )
            )
        return CanisterPlan(copts, ca, aim, tuple(attacks), manned_halves, note)

    def _fire_canister(
        self, state: AslState, act: FireCanister, dice: DiceSource, seat: str | None
    ) -> Outcome[AslState]:
        from ordnance.asl import canister

        gun = self._own_gun(state, act.gun, seat)
        if gun.pending is not None and gun.pending != Ammo.CANISTER.value:
            raise refuse_changed_declaration(gun, Ammo.CANISTER.value)
        plan = self._canister_plan(state, gun, act)
        self._check_may_fire(state, gun)
        cap = self._special_capability(gun, Ammo.CANISTER)
        ca_before = gun.ca
        gun = replace(gun, ca=plan.ca)  # a CA change is made before the DR (ASL-AMB-15)
        result = canister.fire_canister(
            dice,
            plan.attacks,
            depletion_number=cap.depletion,
            breakdown_number=gun.breakdown,
            common_drm=act.drm,
            options=plan.options,
        )
        shot = check_shot(
            Ammo.CANISTER.value, cap.depletion, result.original, breakdown=gun.breakdown
        )
        extra: dict[str, Any] = {
            "aim": plan.aim.to_dict(),
            "ca": plan.ca,
            "ca_before": ca_before,
            "attacks": [a.to_dict() for a in plan.attacks],
            "canister": result.to_dict(),
        }
        if plan.note is not None:
            extra["manned_in_mph"] = {
                "halved": plan.manned_halves,
                "clause": "ASL-8.4-c",
                "why": render_message(plan.note["template"], plan.note["args"]),
            }
        out = self._record_shot(
            state,
            gun,
            cap,
            shot,
            gun.shots + 1,
            kind="canister",
            extra=extra,
            ca_before=ca_before,
            note=plan.note,
        )
        cluster = tuple(str(h) for h in plan.aim.cluster)
        return Outcome(replace(out.state, clusters=(cluster,)), out.events)

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
            "turn": state.turn,
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
        return [
            {"type": k, "title": ACTION_TITLES[k], "schema": form_schema(state, seat, k, shooters)}
            for k in kinds
        ]

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
            ammo, special = self._resolve_ammo(gun, act.ammo)
            if not special:
                try:
                    self._check_automatic_choice(gun, act)
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
            return {"title": f"{gun.id}: ordinary shot, malfunction on DR >= {b}",
                    "distribution": dist.to_json()}  # fmt: skip
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
            answer.update(self._canister_odds(state, gun, act, cap))
        return answer

    def _canister_odds(
        self, state: AslState, gun: Gun, act: FireCanister, cap: Capability
    ) -> dict[str, Any]:
        """The Canister attack per Location (ASL-8.4-d/f/g), from :func:`canister_odds`."""
        from ordnance.asl import canister

        try:
            plan = self._canister_plan(state, gun, act)
        except RuleViolation as exc:
            return {"canister": {"refused": exc.message, "clause": exc.clause}}
        odds = canister.canister_odds(
            plan.attacks,
            depletion_number=cap.depletion,
            breakdown_number=gun.breakdown,
            common_drm=act.drm,
            options=plan.options,
        )
        return {
            "title": f"{gun.id}: Canister C#={cap.depletion}, {plan.aim.name} "
            "(ASL-8.4-f/g, ASL-8.9-c/d/e)",
            "canister": {
                "aim": plan.aim.to_dict(),
                "ca": plan.ca,
                "manned_halved": plan.manned_halves,
                **odds.to_dict(),
            },
        }


def _gun_label(g: Gun) -> str:
    where = f" at {g.hex}" if g.hex else ""
    return f"{g.id}: {g.name or g.id} ({g.side}{where})"


def form_schema(
    state: AslState, seat: str | None, kind: str, shooters: list[Gun]
) -> dict[str, Any]:
    """One legal action's JSON schema with its choices (the side record is public)."""
    schema = ACTION_MODELS[kind].model_json_schema()
    sides = [s for s in state.side_names if seat is None or s == seat]
    if kind == "add_gun":
        schema = choices(schema, "side", [(s, s) for s in sides])
        schema = choices(schema, "made_by", [(n, n) for n in KNOWN_NATIONALITIES])
        return hex_field(schema, "hex")
    if kind == "turn_ca":
        own = [g for g in state.guns if seat is None or g.side == seat]
        schema = choices(schema, "gun", [(g.id, _gun_label(g)) for g in own])
        return choices(schema, "ca", [(d.value, f"{d.value}: {d.name}") for d in Direction])
    if kind == "set_phase":
        schema = choices(schema, "phase", [(p.value, f"{p.value}: {p.full_name}") for p in Phase])
        return choices(schema, "attacker", [(s, s) for s in state.side_names])
    wanted = {"place_smoke": "SMOKE", "place_wp": "WP", "fire_canister": "Canister"}.get(kind)
    guns = [
        g
        for g in shooters
        if wanted is None
        or any(c.ammo == wanted and c.status == "available" for c in g.capabilities)
    ]
    schema = choices(schema, "gun", [(g.id, _gun_label(g)) for g in guns])
    special = sorted(
        {c.ammo for g in guns for c in g.capabilities if c.status == "available"}
        - {"SMOKE", "WP", "Canister"}
    )
    if kind == "declare_ammo":
        declarable = sorted(
            {c.ammo for g in guns for c in g.capabilities if c.status == "available"}
        )
        return choices(schema, "ammo", [(a, a) for a in declarable])
    if kind == "fire":
        ordinary = [("ordinary", "ordinary (no special ammunition)")]
        extra = [(a, a) for a in ("AP", "HE") if a not in special]
        return choices(schema, "ammo", ordinary + [(a, a) for a in special] + extra)
    if kind in ("place_smoke", "place_wp"):
        return hex_field(schema, "target")
    if kind == "fire_canister":
        schema = choices(schema, "aim", [(v, f"V{v}") for v in range(1, 6)])
        schema = choices(schema, "ca", [(d.value, f"{d.value}: {d.name}") for d in Direction])
        return hex_field(schema, "building_hex")
    return schema


def panels(v: dict[str, Any]) -> list[dict[str, Any]]:
    """The page's tables (the side record, the turn), built from the view ``v`` alone."""
    turn = panel(
        "Turn",
        ["date", "turn", "phase", "ATTACKER", "DEFENDER", "may fire now"],
        [
            [
                f"{v['date_label']} ({v['theatre']})",
                v["turn"],
                f"{v['phase']}: {v['phase_name']}",
                v["attacker"],
                v["defender"],
                ", ".join(v["firing"]) or "nobody",
            ]
        ],
    )
    rows: list[list[Any]] = []
    for gun in v["record"]:
        label = gun["id"] + (f" ({gun['name']})" if gun.get("name") else "")
        if gun.get("malfunctioned"):
            label += " [malfunctioned]"
        if gun.get("declared"):
            label += f" [declared {gun['declared']}]"
        caps = gun["capabilities"] or [None]
        for i, cap in enumerate(caps):
            first = i == 0
            if cap is None:
                rows.append([gun["side"], label, "-", "-", "no special ammunition", "", ""])
                continue
            status = cap["status"]
            gone = cap["exhausted"]
            if status == "gone" and gone:
                status = f"gone (DR {gone['dr'][0]}+{gone['dr'][1]}, turn {gone['turn']} {gone['phase']})"
            ammo = cap["ammo"] + (f" ({cap['token']})" if cap["token"] else "")
            rows.append(
                [
                    gun["side"] if first else "",
                    label if first else "",
                    ammo,
                    cap["depletion"],
                    status,
                    cap["uses"],
                    cap["attempts"],
                ]
            )
    record = panel(
        "Side record",
        ["side", "gun", "ammo", "N", "status", "used", "tries"],
        rows,
        note=None if rows else "no Gun yet: add one with the Add a Gun form",
    )
    return [turn, record]


def _smoke_counter(marker: Marker) -> tuple[SmokeAmmo, bool] | None:
    """(ammo, dispersed) of a SMOKE/WP map marker, or None for any other marker."""
    if marker.kind == "smoke":
        return "SMOKE", False
    if marker.kind == "dispersed-smoke":
        return "SMOKE", True
    if marker.kind == "wp":
        return "WP", marker.label.startswith("Dispersed")
    return None


def smoke_los(state: AslState, origin: Hex, target: Hex) -> dict[str, Any]:
    """The exact line and the Hindrance DRM of every SMOKE/WP counter on it.

    * A counter hinders, it never blocks (ASL-8.5-d): ``blocked`` is always False.
    * Its DRM is its side's value (notes B8: SMOKE +3, Dispersed +2; WP +2,
      Dispersed +1); the DRMs along the line add up.
    * Where the line runs along a hexside, both hexes are on it, so a counter
      in either one counts.
    * A counter in the firer's or the target's hex counts too (fire out of or
      into SMOKE is hindered: A24, ASL-8.5-e). A hex the line touches only at
      a vertex is not on the line (an engine reading, reported when it matters).
    * Height (ASL-8.5-c): counters lie at ground level (ASL-8.52-a) and the game
      records no levels, so the LOS is taken at ground level, below the
      counters' two-level height, and each one hinders (:func:`smoke_hinders`).
    """
    ln = line(origin, target)
    answer = hex_line_answer(origin, target)
    why: list[str] = answer["explanation"]
    on_line = {str(h) for h in ln.hexes}
    run_of = {str(h): r for r in ln.runs for h in (r.left, r.right)}
    touched = {str(h) for h in ln.touched_hexes}
    los_level = 0
    hindrances: list[dict[str, Any]] = []
    for marker in state.markers:
        counter = _smoke_counter(marker)
        if counter is None:
            continue
        ammo, dispersed = counter
        if marker.hex in touched:
            why.append(
                f"{marker.label} in {marker.hex}: the line touches that hex only at a vertex, "
                "so it is not counted."
            )
            continue
        if marker.hex not in on_line:
            continue
        where = (
            "the firer's hex"
            if marker.hex == str(origin)
            else "the target hex"
            if marker.hex == str(target)
            else "between"
        )
        run = run_of.get(marker.hex)
        hinders = smoke_hinders(los_level, 0)
        drm = HINDRANCE_DRM[(ammo, dispersed)] if hinders else 0
        hindrances.append(
            {
                "hex": marker.hex,
                "counter": marker.label,
                "kind": marker.kind,
                "drm": drm,
                "where": where,
                "along_hexside": None if run is None else str(run.hexside),
                "base_level": 0,
                "height_levels": SMOKE_HEIGHT_LEVELS,
                "clauses": ["ASL-8.5-c", "ASL-8.5-d"],
            }
        )
        side = (
            f"; the line runs along the hexside {run.hexside}, so both its hexes count"
            if run
            else ""
        )
        why.append(f"{marker.label} in {marker.hex} ({where}{side}): Hindrance +{drm} (ASL-8.5-c).")
    total = sum(h["drm"] for h in hindrances)
    why.append(
        "SMOKE and WP hinder LOS and never block it (ASL-8.5-d; the B.10 exception is not "
        "modelled), so the line is not blocked by them."
    )
    why.append(
        f"Assumption: counters lie at ground level (ASL-8.52-a) and are a Hindrance "
        f"{SMOKE_HEIGHT_LEVELS} levels tall (ASL-8.5-c); this game records no levels, so the "
        "LOS is taken at ground level and every counter on it hinders (a counter placed at an "
        "upper level under the ASL-AMB-12 option is read as ground level too). A LOS traced two "
        "or more levels above a counter's base passes over it unhindered."
    )
    answer.update(
        blocked=False,
        hindrance_drm=total,
        hindrances=hindrances,
        assumed_los_level=los_level,
        clauses=["ASL-8.5-c", "ASL-8.5-d"],
        text=f"not blocked (SMOKE only hinders, ASL-8.5-d); Hindrance DRM +{total}",
    )
    return answer


def refuse_changed_declaration(gun: Gun, ammo: str) -> RuleViolation:
    return RuleViolation(
        "ASL-8.1-a",
        f"{gun.id} declared {gun.pending} for this shot before the DR; it cannot fire {ammo}",
        hint=f"fire the declared {gun.pending}",
    )


def _remember(state: AslState, text: str) -> AslState:
    return replace(state, recent=(*state.recent, text)[-8:])


def _check_hex(text: str) -> Any:
    try:
        from ordnance.core.hexes import parse_hex
    except ImportError:  # pragma: no cover - the hex module ships with the core
        return text
    try:
        return parse_hex(text)
    except (ValueError, TypeError) as exc:
        raise OrdnanceError(f"cannot read the hex {text!r}: {exc}", hint="write q,r") from None


def _canister_fp(gun: Gun) -> int:
    from ordnance.asl.tables import load_tables

    if gun.canister_fp is not None:
        return gun.canister_fp  # ASL-8.4-e: the piece's Ordnance Listing
    if gun.gun_size is None:
        raise RuleViolation(
            "ASL-8.4-e",
            f"{gun.id} has no gun size, so its Canister FP is unknown",
            hint="add the Gun with --size (its caliber gives the Canister FP)",
        )
    return load_tables().canister_fp(caliber_of(gun.gun_size))


__all__ = ["PLAYER_TURN", "AslGame"]
