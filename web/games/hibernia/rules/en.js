// The rules of Hibernia in English, in our own words (they follow docs/hibernia.md).
// The same shape as web/rules/<lang>.js: each section a heading, HTML paragraphs, optionally a
// diagram (web/games/hibernia/rules/diagrams.js) with its caption, which is also the diagram's
// text for screen readers.
export default {
  intro: "Three or four clans send soldiers across a map of Ireland. Every county you hold lets your marker walk one space further along the coloured track around the map, and the clan whose marker gets furthest wins.",
  sections: [
    {
      id: "board",
      heading: "The map and the track",
      body: `<p>Ireland is split into 20 counties: five blue, five green, five red and five yellow, and two counties that touch never have the same colour. Each colour also has its own texture, so you can tell them apart without seeing colour. Four counties carry a fort. The four counties in the middle all count as neighbours of one another; the two pairs among them without a common border are joined by arrows.</p>
<p>The track runs around the edge of the map: 40 coloured spaces, beginning on a yellow start space.</p>`,
    },
    {
      id: "setup",
      heading: "Getting ready",
      body: `<p>Every clan has 16 soldiers. One of them stands on the start space as the clan's marker. Chance then gives each clan one fort county, with one soldier on it, and picks who begins.</p>
<p>The losses go on the shield: the first player puts 3 of his soldiers there, the next 2, the next 1 and a fourth player none. Whatever is left is your supply.</p>`,
    },
    {
      id: "turn",
      heading: "Your turn",
      body: `<p>Roll the colour die. Blue, green, red or yellow: your die action takes place in a county of that colour. Black: in any county you like. Purple: there is no die action, but your walk this turn gets one free step.</p>
<p>You also have an extra action in any county, which you may take before or after the die action. Both actions must be taken; they may even be in the same county. Each action is either sending soldiers into a county or a muster.</p>`,
      diagram: "die",
      caption: "The six faces of the colour die: blue, green, red and yellow, black for any county, and purple for a free step.",
    },
    {
      id: "move",
      heading: "Sending soldiers",
      body: `<p>Count the neighbours of the county you pick in which you have soldiers (the arrows count too). That number, at least 1, is exactly how many soldiers you must send in. They come from your supply first; if it runs short, you take the rest from your other counties, leaving at least one soldier in each. You choose which counties give how many. If you cannot find enough, you cannot pick that county.</p>
<p>Sending soldiers into a county you already hold strengthens it; the soldiers for it cannot come from that county itself.</p>`,
      diagram: "move",
      caption: "The dashed county has three neighbours with your soldiers in them, so exactly three of your soldiers go in.",
    },
    {
      id: "combat",
      heading: "Fighting",
      body: `<p>A county never holds two colours for long. When your soldiers arrive where another colour stands, they knock each other out one against one until only one side is left; with equal numbers the county ends up empty. Every soldier knocked out goes onto the shield in its own colour.</p>`,
      diagram: "combat",
      caption: "Five of yours arrive where three of theirs stand: two of yours remain, and three of each colour go to the shield.",
    },
    {
      id: "protect",
      heading: "Protection",
      body: `<p>Nobody is ever driven off the map. You may not take a county from a player if that would leave him with no counties at all, or without any two neighbouring counties when he had such a pair before. Attacks that leave his soldiers standing are always allowed. The neutral soldiers of a three-player game enjoy no such protection.</p>`,
      diagram: "protect",
      caption: "Squares hold just two counties that touch: no one may take either of them, although you may still attack with fewer soldiers than stand there.",
    },
    {
      id: "muster",
      heading: "Muster",
      body: `<p>Instead of sending soldiers you may muster: all your soldiers on the shield return to your supply, and each of the others recovers half of theirs, rounding down. You may muster with any roll and even with an empty shield. When no county can be picked, a muster is the only thing left to do.</p>`,
      diagram: "muster",
      caption: "Four of yours and five of theirs lie on the shield: you take back all four, they take back two.",
    },
    {
      id: "walk",
      heading: "Walking the track",
      body: `<p>When both actions are done, your marker walks. Every county you hold buys you one step, onto a space of the same colour as the county; a county can be used only once per walk. A purple roll gives one free step for the first space nothing else can pay for. The walk stops at the first space you cannot pay for; it is never cut short on purpose.</p>`,
      diagram: "walk",
      caption: "You hold a green, a red and a blue county and rolled purple. Ahead lie green, red, red, blue and yellow: the counties pay for three steps, purple for the second red, and the walk stops before yellow after four steps.",
    },
    {
      id: "end",
      heading: "The end of the game",
      body: `<p>As soon as a marker has gone all the way round and reaches the start space again, the current round is finished, so that everyone has had the same number of turns. Then the marker that has walked furthest in total wins; markers may go on into a second lap.</p>
<p>If several markers share the lead, more rounds are played by everyone until one leads alone. After 20 such rounds the leaders share the win.</p>`,
    },
    {
      id: "three",
      heading: "Three players",
      body: `<p>With three players the fourth colour becomes a neutral clan: one of its soldiers stands on its fort and one on every other county of that colour, five in all. Neutral soldiers defend like any others, but they never move, never score, and those knocked out leave the game for good. A muster leaves them out.</p>`,
    },
    {
      id: "advanced",
      heading: "Advanced start",
      body: `<p>As an option when you start a game, every clan also gets one soldier on each of the other counties in its fort's colour. During the first round two of your counties with at most one county between them count as a pair for protection; from the second round on, only counties that touch do.</p>`,
    },
    {
      id: "app",
      heading: "Playing here",
      body: `<p>Roll, then tap two highlighted counties, one for each action: a county of the die's colour takes the die action, any other the extra action. If your supply is short, a stepper (− and +) says how many soldiers are still needed and from which of your counties they can come. Mustering has a button of its own; what leaves no choice is done for you. Nothing is final until you press <strong>Confirm</strong>, once for the whole turn; <strong>Undo</strong> takes back your last tap, but never the roll. Before you confirm, the page says in words what will happen: each fight, the counties taken and how far your marker walks.</p>
<p class="keys-hint">With a keyboard: <kbd>Tab</kbd> reaches the map and the buttons, the arrow keys move between the counties you may choose, <kbd>Enter</kbd> or <kbd>Space</kbd> chooses.</p>`,
    },
  ],
};
