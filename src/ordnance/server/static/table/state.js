// The page's one state object: everything the table page remembers between two
// renderings lives here (no other module keeps mutable state of its own).

export const S = {
  gid: "",            // the table's id (from the page)
  token: "",          // this seat's token (from the URL fragment, never sent in a URL)
  version: null,      // the version of the view drawn
  view: null,         // the last /view answer
  hexLabels: new Map(), // "q,r" -> the board's printed hex number
  counters: new Map(),  // every counter seen on the board, by id (texts name it by its label)
  // the board
  zoom: 1, spread: null, piece: null, selected: new Set(), losPick: null, los: null,
  // the forms
  forms: [], open: null, hexTarget: null, pieceForms: false, result: null,
  // the odds: one preview per distinct complete action, the one in flight awaited by an action
  oddsBox: null, oddsAsked: { key: null, n: 0 }, oddsFlight: Promise.resolve(),
  // the journal
  entries: new Map(), lastSeq: 0, from: 0, diceSince: null,
  // the seat events the journal shows under their entries (id -> event, kind "seat")
  seatLog: new Map(),
  // the seats: the id of the last seat event shown (a stream notice with another one refreshes)
  seatsMark: null,
  // refreshing: one at a time, `again` when another refresh was asked meanwhile, `queued`
  // an answer in hand to show next; `notice` the last live notice not looked at yet;
  // `sending` the form whose action is on its way (its answer tells what changed)
  refreshing: null, again: false, queued: null, notice: null, sending: false,
  // the connection: the live stream, whether the server answers, the action not yet sent
  es: null, offline: false, pending: null, seatRefused: null,
  // the roll waiting for the seats' dice elements (waiting.js): {by, waiting_for, until} or null
  diceWait: null,
  // the phone's panels: which one is shown
  panel: "map",
};
