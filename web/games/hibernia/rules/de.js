// Die Regeln von Hibernia auf Deutsch, in eigenen Worten (nach docs/hibernia.md).
export default {
  intro: "Drei oder vier Clans schicken ihre Soldaten über eine Karte Irlands. Jede Grafschaft, die du hältst, bringt deinen Zählstein auf der farbigen Leiste rund um die Karte ein Feld weiter, und wessen Stein am weitesten kommt, der gewinnt.",
  sections: [
    {
      id: "board",
      heading: "Karte und Leiste",
      body: `<p>Irland ist in 20 Grafschaften geteilt: je fünf blaue, grüne, rote und gelbe, und zwei Grafschaften mit gemeinsamer Grenze haben nie dieselbe Farbe. Jede Farbe hat zusätzlich ein eigenes Muster, damit man sie auch ohne Farbensehen unterscheidet. Vier Grafschaften tragen eine Burg. Die vier Grafschaften in der Mitte gelten alle als Nachbarn untereinander; die beiden Paare darunter ohne gemeinsame Grenze verbinden Pfeile.</p>
<p>Am Rand der Karte läuft die Leiste entlang: 40 farbige Felder, beginnend mit einem gelben Startfeld.</p>`,
    },
    {
      id: "setup",
      heading: "Vorbereitung",
      body: `<p>Jeder Clan hat 16 Soldaten. Einer davon steht als Zählstein des Clans auf dem Startfeld. Dann teilt der Zufall jedem Clan eine Burggrafschaft zu, mit einem Soldaten darauf, und bestimmt, wer anfängt.</p>
<p>Die Verluste kommen auf den Schild: Der erste Spieler legt 3 seiner Soldaten dorthin, der nächste 2, der übernächste 1, ein vierter keinen. Was übrig bleibt, ist dein Vorrat.</p>`,
    },
    {
      id: "turn",
      heading: "Dein Zug",
      body: `<p>Wirf den Farbwürfel. Blau, Grün, Rot oder Gelb: Deine Würfelaktion findet in einer Grafschaft dieser Farbe statt. Schwarz: in einer beliebigen Grafschaft. Lila: Es gibt keine Würfelaktion, dafür bekommt dein Lauf in diesem Zug einen Gratisschritt.</p>
<p>Außerdem hast du eine Zusatzaktion in irgendeiner Grafschaft, vor oder nach der Würfelaktion. Beide Aktionen sind Pflicht und dürfen sogar dieselbe Grafschaft betreffen. Jede Aktion schickt entweder Soldaten in eine Grafschaft oder ist ein Sammeln.</p>`,
      diagram: "die",
      caption: "Die sechs Seiten des Farbwürfels: Blau, Grün, Rot und Gelb, Schwarz für jede Grafschaft und Lila für einen Gratisschritt.",
    },
    {
      id: "move",
      heading: "Soldaten schicken",
      body: `<p>Zähle die Nachbarn der gewählten Grafschaft, in denen du Soldaten hast (auch über die Pfeile). Diese Zahl, mindestens 1, ist genau die Anzahl Soldaten, die du hineinschicken musst. Sie kommen zuerst aus deinem Vorrat; reicht er nicht, nimmst du den Rest aus deinen anderen Grafschaften, wobei in jeder mindestens ein Soldat stehen bleibt. Welche Grafschaft wie viele abgibt, entscheidest du. Findest du nicht genug, kannst du diese Grafschaft nicht wählen.</p>
<p>Schickst du Soldaten in eine Grafschaft, die dir schon gehört, verstärkst du sie; die Soldaten dafür dürfen nicht aus ihr selbst stammen.</p>`,
      diagram: "move",
      caption: "Die gestrichelte Grafschaft hat drei Nachbarn mit deinen Soldaten, also ziehen genau drei deiner Soldaten hinein.",
    },
    {
      id: "combat",
      heading: "Kampf",
      body: `<p>Zwei Farben bleiben nie lange in derselben Grafschaft. Treffen deine Soldaten dort auf eine andere Farbe, schalten sie sich eins gegen eins aus, bis nur eine Seite übrig ist; bei Gleichstand ist die Grafschaft danach leer. Jeder ausgeschaltete Soldat kommt in seiner eigenen Farbe auf den Schild.</p>`,
      diagram: "combat",
      caption: "Fünf von dir kommen dorthin, wo drei Gegner stehen: Zwei von dir bleiben, und je drei jeder Farbe gehen auf den Schild.",
    },
    {
      id: "protect",
      heading: "Schutz",
      body: `<p>Niemand wird je ganz von der Karte vertrieben. Du darfst einem Spieler keine Grafschaft abnehmen, wenn er danach gar keine mehr hätte, oder kein Paar benachbarter Grafschaften mehr, obwohl er vorher eines hatte. Angriffe, nach denen seine Soldaten noch stehen, sind immer erlaubt. Die neutralen Soldaten einer Dreierpartie genießen diesen Schutz nicht.</p>`,
      diagram: "protect",
      caption: "Quadrate halten nur zwei aneinandergrenzende Grafschaften: Keine davon darf ihnen genommen werden, ein Angriff mit weniger Soldaten als dort stehen bleibt aber möglich.",
    },
    {
      id: "muster",
      heading: "Sammeln",
      body: `<p>Statt Soldaten zu schicken, kannst du sammeln: Du holst alle deine Soldaten vom Schild zurück in den Vorrat, jeder andere Spieler die Hälfte der seinen, abgerundet. Sammeln geht mit jedem Wurf und auch bei leerem Schild. Lässt sich keine Grafschaft wählen, bleibt nur das Sammeln.</p>`,
      diagram: "muster",
      caption: "Auf dem Schild liegen vier von dir und fünf des Gegners: Du holst alle vier zurück, er zwei.",
    },
    {
      id: "walk",
      heading: "Der Lauf auf der Leiste",
      body: `<p>Sind beide Aktionen erledigt, läuft dein Zählstein. Jede Grafschaft, die du hältst, bezahlt einen Schritt auf ein Feld ihrer Farbe, keine bezahlt zweimal. Ein lila Wurf schenkt einen Schritt für das erste Feld, das sonst nichts bezahlen kann. Der Lauf endet am ersten Feld, das du nicht bezahlen kannst; freiwillig früher anhalten gibt es nicht.</p>`,
      diagram: "walk",
      caption: "Du hältst eine grüne, eine rote und eine blaue Grafschaft und hast Lila gewürfelt. Vor dir liegen Grün, Rot, Rot, Blau und Gelb: Die Grafschaften zahlen drei Schritte, Lila das zweite Rot, und nach vier Schritten endet der Lauf vor Gelb.",
    },
    {
      id: "end",
      heading: "Das Spielende",
      body: `<p>Sobald ein Zählstein einmal ganz herum ist und das Startfeld wieder erreicht, wird die laufende Runde zu Ende gespielt, damit alle gleich oft am Zug waren. Dann gewinnt der Stein, der insgesamt am weitesten gelaufen ist; Steine dürfen in eine zweite Runde weiterlaufen.</p>
<p>Teilen sich mehrere die Spitze, spielen alle weitere Runden, bis einer allein vorn liegt. Nach 20 solchen Runden teilen sich die Führenden den Sieg.</p>`,
    },
    {
      id: "three",
      heading: "Zu dritt",
      body: `<p>Zu dritt wird die vierte Farbe zu einem neutralen Clan: Einer seiner Soldaten steht auf seiner Burg und je einer auf jeder anderen Grafschaft dieser Farbe, fünf insgesamt. Neutrale Soldaten verteidigen wie alle anderen, ziehen aber nie, punkten nie, und wer von ihnen ausgeschaltet wird, ist endgültig aus dem Spiel. Beim Sammeln zählen sie nicht mit.</p>`,
    },
    {
      id: "advanced",
      heading: "Fortgeschrittener Start",
      body: `<p>Als Wahl beim Spielbeginn bekommt jeder Clan zusätzlich einen Soldaten auf jede andere Grafschaft in der Farbe seiner Burg. In der ersten Runde gelten zwei deiner Grafschaften mit höchstens einer Grafschaft dazwischen als Schutzpaar; ab der zweiten Runde nur noch solche, die aneinandergrenzen.</p>`,
    },
    {
      id: "app",
      heading: "Hier spielen",
      body: `<p>Würfle und tippe dann zwei hervorgehobene Grafschaften an, eine für jede Aktion: Eine Grafschaft in der Farbe des Würfels nimmt die Würfelaktion, jede andere die Zusatzaktion. Reicht dein Vorrat nicht, sagt ein Zähler (− und +), wie viele Soldaten noch fehlen und aus welchen deiner Grafschaften sie kommen können. Für das Sammeln gibt es einen eigenen Knopf; was keine Wahl lässt, geschieht von selbst. Nichts gilt, bevor du <strong>Bestätigen</strong> drückst, einmal für den ganzen Zug; <strong>Zurück</strong> nimmt dein letztes Tippen zurück, aber nie den Wurf. Vor dem Bestätigen sagt die Seite in Worten, was geschehen wird: jeder Kampf, die eroberten Grafschaften und wie weit dein Stein geht.</p>
<p class="keys-hint">Mit der Tastatur: <kbd>Tab</kbd> erreicht die Karte und die Knöpfe, die Pfeiltasten wechseln zwischen den wählbaren Grafschaften, <kbd>Enter</kbd> oder <kbd>Leertaste</kbd> wählt.</p>`,
    },
  ],
};
