// Las reglas de Hibernia en español, con nuestras propias palabras (según docs/hibernia.md).
export default {
  intro: "Tres o cuatro clanes envían soldados por un mapa de Irlanda. Cada condado que controlas hace avanzar tu marcador una casilla más por el camino de colores que rodea el mapa, y gana el clan cuyo marcador llega más lejos.",
  sections: [
    {
      id: "board",
      heading: "El mapa y el camino",
      body: `<p>Irlanda está dividida en 20 condados: cinco azules, cinco verdes, cinco rojos y cinco amarillos, y dos condados que se tocan nunca tienen el mismo color. Cada color tiene además su propia textura, para distinguirlos sin depender del color. Cuatro condados tienen un fuerte. Los cuatro condados del centro cuentan todos como vecinos entre sí; las dos parejas de ellos sin frontera común están unidas por flechas.</p>
<p>El camino recorre el borde del mapa: 40 casillas de colores que empiezan en una casilla de salida amarilla.</p>`,
    },
    {
      id: "setup",
      heading: "Preparación",
      body: `<p>Cada clan tiene 16 soldados. Uno de ellos se coloca en la casilla de salida como marcador del clan. Después el azar da a cada clan un condado con fuerte, con un soldado en él, y decide quién empieza.</p>
<p>Las bajas van al escudo: el primer jugador pone allí 3 de sus soldados, el siguiente 2, el otro 1 y un cuarto jugador ninguno. Lo que queda es tu reserva.</p>`,
    },
    {
      id: "turn",
      heading: "Tu turno",
      body: `<p>Tira el dado de colores. Azul, verde, rojo o amarillo: tu acción del dado ocurre en un condado de ese color. Negro: en el condado que quieras. Morado: no hay acción del dado, pero tu recorrido de este turno gana un paso gratis.</p>
<p>Además tienes una acción extra en cualquier condado, antes o después de la acción del dado. Las dos acciones son obligatorias y pueden hacerse incluso en el mismo condado. Cada acción consiste en enviar soldados a un condado o en reagrupar.</p>`,
      diagram: "die",
      caption: "Las seis caras del dado de colores: azul, verde, rojo y amarillo, negro para cualquier condado y morado para un paso gratis.",
    },
    {
      id: "move",
      heading: "Enviar soldados",
      body: `<p>Cuenta los vecinos del condado elegido en los que tienes soldados (las flechas también cuentan). Ese número, al menos 1, es exactamente cuántos soldados debes enviar. Salen primero de tu reserva; si no alcanza, tomas el resto de tus otros condados, dejando al menos un soldado en cada uno. Tú decides cuántos da cada condado. Si no reúnes suficientes, no puedes elegir ese condado.</p>
<p>Enviar soldados a un condado que ya es tuyo lo refuerza; los soldados para ello no pueden salir de ese mismo condado.</p>`,
      diagram: "move",
      caption: "El condado punteado tiene tres vecinos con soldados tuyos, así que entran exactamente tres de tus soldados.",
    },
    {
      id: "combat",
      heading: "Combate",
      body: `<p>Un condado nunca alberga dos colores por mucho tiempo. Cuando tus soldados llegan donde hay otro color, se eliminan uno a uno hasta que solo queda un bando; con números iguales el condado queda vacío. Cada soldado eliminado va al escudo en su propio color.</p>`,
      diagram: "combat",
      caption: "Cinco de los tuyos llegan donde hay tres del rival: quedan dos de los tuyos, y tres de cada color van al escudo.",
    },
    {
      id: "protect",
      heading: "Protección",
      body: `<p>Nadie es expulsado nunca del mapa. No puedes quitarle un condado a un jugador si con ello se quedaría sin ningún condado, o sin ninguna pareja de condados vecinos cuando antes tenía una. Los ataques tras los que sus soldados siguen en pie siempre están permitidos. Los soldados neutrales de una partida de tres no tienen esta protección.</p>`,
      diagram: "protect",
      caption: "Los cuadrados solo tienen dos condados que se tocan: nadie puede quitarles ninguno, aunque sí se les puede atacar con menos soldados de los que hay allí.",
    },
    {
      id: "muster",
      heading: "Reagrupar",
      body: `<p>En lugar de enviar soldados puedes reagrupar: recuperas todos tus soldados del escudo en tu reserva; cada otro jugador recupera la mitad de los suyos, redondeando hacia abajo. Se puede reagrupar con cualquier tirada e incluso con el escudo vacío. Si no se puede elegir ningún condado, solo queda reagrupar.</p>`,
      diagram: "muster",
      caption: "En el escudo hay cuatro tuyos y cinco del rival: tú recuperas los cuatro, él recupera dos.",
    },
    {
      id: "walk",
      heading: "El recorrido",
      body: `<p>Cuando las dos acciones están hechas, tu marcador avanza. Cada condado que controlas paga un paso a una casilla de su propio color, y ninguno paga dos veces. Una tirada morada da un paso gratis para la primera casilla que nada más puede pagar. El recorrido se detiene en la primera casilla que no puedes pagar; nunca se corta a propósito.</p>`,
      diagram: "walk",
      caption: "Tienes un condado verde, uno rojo y uno azul y sacaste morado. Delante hay verde, rojo, rojo, azul y amarillo: los condados pagan tres pasos, el morado el segundo rojo, y tras cuatro pasos el recorrido se detiene ante el amarillo.",
    },
    {
      id: "end",
      heading: "El final de la partida",
      body: `<p>En cuanto un marcador da la vuelta completa y vuelve a la casilla de salida, se termina la ronda en curso, para que todos hayan jugado el mismo número de turnos. Entonces gana el marcador que más ha avanzado en total; los marcadores pueden seguir en una segunda vuelta.</p>
<p>Si varios comparten el primer puesto, todos juegan más rondas hasta que uno quede solo en cabeza. Después de 20 de esas rondas, los que van en cabeza comparten la victoria.</p>`,
    },
    {
      id: "three",
      heading: "Tres jugadores",
      body: `<p>Con tres jugadores, el cuarto color se convierte en un clan neutral: uno de sus soldados está en su fuerte y uno en cada otro condado de ese color, cinco en total. Los soldados neutrales defienden como los demás, pero nunca se mueven ni puntúan, y los eliminados salen de la partida para siempre. Al reagrupar no cuentan.</p>`,
    },
    {
      id: "advanced",
      heading: "Inicio avanzado",
      body: `<p>Como opción al empezar una partida, cada clan recibe además un soldado en cada uno de los demás condados del color de su fuerte. Durante la primera ronda, dos condados tuyos con como mucho un condado entre ellos cuentan como pareja para la protección; desde la segunda ronda, solo los que se tocan.</p>`,
    },
    {
      id: "app",
      heading: "Jugar aquí",
      body: `<p>Tira y toca dos condados resaltados, uno para cada acción: un condado del color del dado usa la acción del dado; cualquier otro, la acción extra. Si tu reserva no alcanza, un contador (− y +) dice cuántos soldados faltan y de cuáles de tus condados pueden venir. Reagrupar tiene su propio botón; lo que no deja elección se hace solo. Nada es definitivo hasta que pulsas <strong>Confirmar</strong>, una vez por todo el turno; <strong>Deshacer</strong> anula tu último toque, pero nunca la tirada. Antes de confirmar, la página dice con palabras lo que pasará: cada combate, los condados tomados y hasta dónde avanza tu marcador.</p>
<p class="keys-hint">Con teclado: <kbd>Tab</kbd> llega al mapa y a los botones, las flechas pasan de un condado elegible a otro, <kbd>Intro</kbd> o <kbd>Espacio</kbd> elige.</p>`,
    },
  ],
};
