// The rules of Cambria in English, in our own words (they follow docs/rules.md).
// Each section: a heading, HTML paragraphs, optionally a diagram (web/rules/diagrams.js) with
// its caption, which is also the diagram's text for screen readers.
export default {
  intro: "Roman forts stand on the map, joined by roads. Put your warriors on the roads around a fort and hold more of them than anyone else to capture it. The forts you take are your points.",
  sections: [
    {
      id: "board",
      heading: "The board",
      body: `<p>There are 16 forts. The number printed on a fort (2 to 6) is also how many roads lead to it. Every road joins two forts and holds one warrior at most, or the legion.</p>
<p>A captured fort scores its number. The forts numbered 4, 5 and 6 also carry a victory-point token worth 2, 3 or 4 points, which goes to the runner-up there.</p>
<p>Each player has five warriors. Warriors not on the board wait in your supply (the dots next to your name).</p>`,
    },
    {
      id: "setup",
      heading: "Getting started",
      body: `<p>A random player begins and play goes round in seat order. First everyone places one warrior: roll one die (a 1 is rolled again) and put a warrior on an empty road of a fort showing that number.</p>`,
    },
    {
      id: "turn",
      heading: "Your turn",
      body: `<p>Roll both dice, then do one of these:</p>
<ul>
<li><strong>Two different numbers, no 1:</strong> put a warrior on an empty road of a fort that shows either number.</li>
<li><strong>Doubles:</strong> put a warrior on a road of a fort with that number. The road may be empty, or hold another player's warrior or the legion: that piece is sent back (a warrior to its owner's supply, the legion to the eagle).</li>
<li><strong>A 1 and another number:</strong> place on an empty road of a fort with the other number, or move the legion (see below).</li>
<li><strong>Double 1:</strong> you must move the legion, to any road on the board.</li>
<li><strong>Pass:</strong> you may always pass, except on a double 1.</li>
</ul>
<p>Warriors come from your supply. Only when your supply is empty do you instead pick up one of your warriors from a road or a boat and put it on the new road.</p>`,
      diagram: "dice",
      caption: "Rolled 4 and 2: every empty road of a fort numbered 4 or 2 is open. The road held by blue is not.",
    },
    {
      id: "legion",
      heading: "The legion and the boats",
      body: `<p>With a 1 you may move the legion onto any road of a fort showing the other die (a double 1: any road at all), but not onto the road where it already stands. A warrior on that road goes back to its owner's supply, even your own. While the legion stands on a road, neither fort at its ends can be captured.</p>
<p>After moving the legion you may also put a warrior on an empty boat. Each boat holds one warrior; you may hold several boats.</p>`,
      diagram: "legion",
      caption: "A 1 and a 5: the legion leaves the eagle for a road of a fort numbered 5, and the blue warrior standing there goes back to its supply.",
    },
    {
      id: "boats",
      heading: "Using a boat",
      body: `<p>If you begin your turn with a warrior on a boat, after rolling you may take that warrior back into your supply and replace one die with the boat's number. The new value counts for everything: placing, doubles, and a 1 paired with it. Only one boat per turn.</p>`,
      diagram: "boat",
      caption: "A warrior on boat 6 and a roll of 2 and 3: the warrior goes back to the supply and the 2 becomes a 6.",
    },
    {
      id: "capture",
      heading: "Capturing forts",
      body: `<p>At the end of every turn each fort is checked. A fort is captured when every one of its roads holds a warrior (the legion on one of them blocks it) and one player holds strictly more of those roads than each other player. That player takes the fort.</p>
<p>On a fort numbered 4 to 6, the victory-point token goes to the player with strictly the second most roads there. If second place is shared, or one player holds every road, the token is out of the game.</p>
<p>The warriors stay where they are, and one road can count towards both of its forts.</p>`,
      diagram: "capture",
      caption: "All three roads of a fort numbered 3 are taken: red holds two, blue one, so red captures the fort.",
    },
    {
      id: "end",
      heading: "The end of the game",
      body: `<p>When, after captures, no more than six forts remain free, the game ends at once. The legion leaves the board, and each free fort goes to the player with strictly the most warriors on its roads, even if some roads are empty. Its victory-point token goes to the clear runner-up, if there is one. Forts where the lead is tied, or where nobody stands, stay unclaimed.</p>
<p>Add up your forts' numbers and your victory-point tokens. The most points wins. On a tie, the player with more tokens wins; if still tied, the one whose last turn came earliest. (The German rules reward the latest turn instead: you can choose that when starting a game.)</p>`,
    },
    {
      id: "two",
      heading: "Two players",
      body: `<p>With two players a grey neutral army with five warriors (marked with a cross) takes part. Before each of your turns you roll one die and place a neutral warrior on an empty road of a fort showing that number; if there is none, or you rolled a 1, on any empty road you like. When all five are out, you move one that is already on the board.</p>
<p>Neutral warriors never push anything away and never sit on boats, but your doubles and the legion can remove them. The neutral army can capture forts and score; it cannot win, though: the better of the two players does.</p>`,
      diagram: "neutral",
      caption: "A die of 3 for the neutral army: a grey warrior with a cross joins a road of a fort numbered 3.",
    },
    {
      id: "app",
      heading: "Playing here",
      body: `<p>Tap a highlighted road or boat to choose it. Nothing is final until you press <strong>Confirm</strong>; <strong>Undo</strong> takes back your last choice, but never the roll.</p>
<p class="keys-hint">With a keyboard: <kbd>Tab</kbd> reaches the board and the buttons, the arrow keys move between the roads and boats you may choose, <kbd>Enter</kbd> or <kbd>Space</kbd> chooses. While the board or the buttons have focus: <kbd>R</kbd> rolls, <kbd>C</kbd> confirms, <kbd>U</kbd> undoes, <kbd>P</kbd> passes.</p>`,
    },
  ],
};
