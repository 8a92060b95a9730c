// Die Regeln von Cambria auf Deutsch, in eigenen Worten (nach docs/rules.md).
export default {
  intro: "Auf der Karte stehen römische Kastelle, verbunden durch Straßen. Besetze die Straßen rund um ein Kastell mit deinen Kriegern, halte mehr davon als alle anderen, und das Kastell gehört dir. Die eroberten Kastelle sind deine Punkte.",
  sections: [
    {
      id: "board",
      heading: "Der Spielplan",
      body: `<p>Es gibt 16 Kastelle. Die Zahl auf einem Kastell (2 bis 6) gibt auch an, wie viele Straßen zu ihm führen. Jede Straße verbindet zwei Kastelle und trägt höchstens einen Krieger oder die Legion.</p>
<p>Ein erobertes Kastell zählt so viele Punkte, wie seine Zahl angibt. Auf den Kastellen mit 4, 5 und 6 liegt außerdem ein Siegpunkt-Plättchen (2, 3 oder 4 Punkte) für den Zweitplatzierten dort.</p>
<p>Jeder hat fünf Krieger. Wer nicht auf dem Plan steht, wartet im Vorrat (die Punkte neben deinem Namen).</p>`,
    },
    {
      id: "setup",
      heading: "Vorbereitung",
      body: `<p>Ein zufällig bestimmter Spieler beginnt, danach geht es reihum. Zuerst setzt jeder einen Krieger ein: einen Würfel werfen (eine 1 wird neu gewürfelt) und den Krieger auf eine freie Straße eines Kastells mit dieser Zahl stellen.</p>`,
    },
    {
      id: "turn",
      heading: "Dein Zug",
      body: `<p>Wirf beide Würfel und mach dann genau eines davon:</p>
<ul>
<li><strong>Zwei verschiedene Zahlen, keine 1:</strong> stelle einen Krieger auf eine freie Straße eines Kastells mit einer der beiden Zahlen.</li>
<li><strong>Pasch:</strong> stelle einen Krieger auf eine Straße eines Kastells mit dieser Zahl. Die Straße darf frei sein oder einen fremden Krieger oder die Legion tragen: dieser wird vertrieben (ein Krieger zurück in den Vorrat seines Besitzers, die Legion zurück zum Adler).</li>
<li><strong>Eine 1 und eine andere Zahl:</strong> setze auf eine freie Straße eines Kastells mit der anderen Zahl oder versetze die Legion (siehe unten).</li>
<li><strong>Doppel-1:</strong> du musst die Legion versetzen, auf eine beliebige Straße.</li>
<li><strong>Passen:</strong> ist immer erlaubt, außer bei einer Doppel-1.</li>
</ul>
<p>Krieger kommen aus deinem Vorrat. Erst wenn dein Vorrat leer ist, nimmst du stattdessen einen deiner Krieger von einer Straße oder einem Boot und stellst ihn auf die neue Straße.</p>`,
      diagram: "dice",
      caption: "Gewürfelt 4 und 2: jede freie Straße eines Kastells mit 4 oder 2 kommt in Frage. Die von Blau besetzte nicht.",
    },
    {
      id: "legion",
      heading: "Die Legion und die Boote",
      body: `<p>Mit einer 1 darfst du die Legion auf eine Straße eines Kastells mit der Zahl des anderen Würfels ziehen (bei Doppel-1 auf irgendeine Straße), aber nicht auf die Straße, auf der sie schon steht. Ein Krieger dort geht zurück in den Vorrat seines Besitzers, auch ein eigener. Solange die Legion auf einer Straße steht, kann keines der beiden Kastelle an ihren Enden erobert werden.</p>
<p>Nachdem du die Legion versetzt hast, darfst du zusätzlich einen Krieger auf ein freies Boot setzen. Jedes Boot trägt einen Krieger; du darfst mehrere Boote besetzen.</p>`,
      diagram: "legion",
      caption: "Eine 1 und eine 5: die Legion zieht vom Adler auf eine Straße eines Kastells mit 5, der blaue Krieger dort geht zurück in seinen Vorrat.",
    },
    {
      id: "boats",
      heading: "Ein Boot nutzen",
      body: `<p>Stand zu Beginn deines Zuges ein Krieger von dir auf einem Boot, darfst du ihn nach dem Würfeln in deinen Vorrat zurücknehmen und dafür einen Würfel durch die Zahl des Bootes ersetzen. Der neue Wert gilt für alles: Einsetzen, Pasch und die Kombination mit einer 1. Nur ein Boot pro Zug.</p>`,
      diagram: "boat",
      caption: "Ein Krieger auf Boot 6 und ein Wurf von 2 und 3: der Krieger geht in den Vorrat, aus der 2 wird eine 6.",
    },
    {
      id: "capture",
      heading: "Kastelle erobern",
      body: `<p>Am Ende jedes Zuges wird jedes Kastell geprüft. Es ist erobert, wenn auf jeder seiner Straßen ein Krieger steht (die Legion auf einer davon verhindert das) und ein Spieler dort echt mehr Straßen hält als jeder andere. Dieser Spieler nimmt das Kastell.</p>
<p>Bei Kastellen mit 4 bis 6 bekommt das Siegpunkt-Plättchen, wer dort echt die zweitmeisten Straßen hält. Teilen sich mehrere den zweiten Platz oder gehören alle Straßen einem Spieler, scheidet das Plättchen aus dem Spiel aus.</p>
<p>Die Krieger bleiben stehen, und eine Straße kann für beide ihrer Kastelle zählen.</p>`,
      diagram: "capture",
      caption: "Alle drei Straßen eines Kastells mit 3 sind besetzt: Rot hält zwei, Blau eine, also erobert Rot das Kastell.",
    },
    {
      id: "end",
      heading: "Spielende",
      body: `<p>Sind nach den Eroberungen höchstens noch sechs Kastelle frei, endet das Spiel sofort. Die Legion verlässt den Plan, und jedes freie Kastell geht an den Spieler mit echt den meisten Kriegern an seinen Straßen, auch wenn nicht alle Straßen besetzt sind. Das Siegpunkt-Plättchen bekommt ein eindeutiger Zweiter, falls es ihn gibt. Kastelle mit Gleichstand an der Spitze oder ganz ohne Krieger bleiben frei.</p>
<p>Zähle die Zahlen deiner Kastelle und deine Siegpunkt-Plättchen zusammen. Die meisten Punkte gewinnen. Bei Gleichstand gewinnt, wer mehr Plättchen hat; danach, wessen letzter Zug am längsten zurückliegt. (Nach der deutschen Regel gewinnt stattdessen der jüngste Zug: das lässt sich beim Spielstart wählen.)</p>`,
    },
    {
      id: "two",
      heading: "Zu zweit",
      body: `<p>Zu zweit spielt ein graues neutrales Heer mit fünf Kriegern mit (mit einem Kreuz markiert). Vor jedem deiner Züge wirfst du einen Würfel und stellst einen neutralen Krieger auf eine freie Straße eines Kastells mit dieser Zahl; gibt es keine oder hast du eine 1 geworfen, auf eine beliebige freie Straße. Sind alle fünf unterwegs, versetzt du einen, der schon auf dem Plan steht.</p>
<p>Neutrale Krieger vertreiben nie etwas und besteigen keine Boote, aber dein Pasch und die Legion können sie vertreiben. Das neutrale Heer kann Kastelle erobern und Punkte sammeln, gewinnen kann es nicht: es gewinnt der bessere der beiden Spieler.</p>`,
      diagram: "neutral",
      caption: "Eine 3 für das neutrale Heer: ein grauer Krieger mit Kreuz besetzt eine Straße eines Kastells mit 3.",
    },
    {
      id: "app",
      heading: "Hier spielen",
      body: `<p>Tippe auf eine hervorgehobene Straße oder ein Boot, um sie zu wählen. Erst <strong>Bestätigen</strong> macht den Zug endgültig; <strong>Zurück</strong> nimmt die letzte Wahl zurück, aber nie den Wurf.</p>
<p class="keys-hint">Mit der Tastatur: <kbd>Tab</kbd> erreicht den Spielplan und die Knöpfe, die Pfeiltasten wandern zwischen den wählbaren Straßen und Booten, <kbd>Enter</kbd> oder <kbd>Leertaste</kbd> wählt. Solange der Plan oder die Knöpfe den Fokus haben: <kbd>R</kbd> würfelt, <kbd>C</kbd> bestätigt, <kbd>U</kbd> nimmt zurück, <kbd>P</kbd> passt.</p>`,
    },
  ],
};
