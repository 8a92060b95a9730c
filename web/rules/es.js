// Las reglas de Cambria en español, con nuestras propias palabras (según docs/rules.md).
export default {
  intro: "En el mapa hay fuertes romanos unidos por caminos. Coloca tus guerreros en los caminos que rodean un fuerte y, si tienes más que nadie, lo conquistas. Los fuertes conquistados son tus puntos.",
  sections: [
    {
      id: "board",
      heading: "El tablero",
      body: `<p>Hay 16 fuertes. El número de cada fuerte (del 2 al 6) indica también cuántos caminos llegan a él. Cada camino une dos fuertes y admite como mucho un guerrero, o la legión.</p>
<p>Un fuerte conquistado vale su número. Los fuertes con 4, 5 y 6 guardan además una ficha de puntos de victoria de 2, 3 o 4 puntos, que es para quien quede segundo allí.</p>
<p>Cada jugador tiene cinco guerreros. Los que no están en el tablero esperan en tu reserva (los puntos junto a tu nombre).</p>`,
    },
    {
      id: "setup",
      heading: "Preparación",
      body: `<p>Empieza un jugador elegido al azar y se sigue por orden de asiento. Primero cada uno coloca un guerrero: tira un dado (si sale 1 se repite) y pon un guerrero en un camino libre de un fuerte con ese número.</p>`,
    },
    {
      id: "turn",
      heading: "Tu turno",
      body: `<p>Tira los dos dados y haz una sola de estas cosas:</p>
<ul>
<li><strong>Dos números distintos, sin 1:</strong> pon un guerrero en un camino libre de un fuerte con cualquiera de los dos números.</li>
<li><strong>Dobles:</strong> pon un guerrero en un camino de un fuerte con ese número. El camino puede estar libre o tener un guerrero de otro jugador o la legión: esa pieza se retira (el guerrero vuelve a la reserva de su dueño, la legión al águila).</li>
<li><strong>Un 1 y otro número:</strong> coloca en un camino libre de un fuerte con el otro número, o mueve la legión (ver más abajo).</li>
<li><strong>Doble 1:</strong> debes mover la legión, a cualquier camino del tablero.</li>
<li><strong>Pasar:</strong> siempre puedes pasar, salvo con un doble 1.</li>
</ul>
<p>Los guerreros salen de tu reserva. Solo cuando tu reserva está vacía tomas uno de tus guerreros de un camino o de un barco y lo pones en el nuevo camino.</p>`,
      diagram: "dice",
      caption: "Sale 4 y 2: vale cualquier camino libre de un fuerte con 4 o con 2. El camino ocupado por el azul no.",
    },
    {
      id: "legion",
      heading: "La legión y los barcos",
      body: `<p>Con un 1 puedes mover la legión a un camino de un fuerte con el número del otro dado (con doble 1, a cualquier camino), pero no al camino donde ya está. Si allí hay un guerrero, vuelve a la reserva de su dueño, aunque sea tuyo. Mientras la legión esté en un camino, ninguno de los dos fuertes de sus extremos puede ser conquistado.</p>
<p>Después de mover la legión puedes además poner un guerrero en un barco libre. Cada barco lleva un guerrero; puedes ocupar varios barcos.</p>`,
      diagram: "legion",
      caption: "Un 1 y un 5: la legión sale del águila hacia un camino de un fuerte con 5, y el guerrero azul que estaba allí vuelve a su reserva.",
    },
    {
      id: "boats",
      heading: "Usar un barco",
      body: `<p>¿Tenías ya un guerrero tuyo a bordo de un barco al comenzar el turno? Entonces, tras la tirada, puedes devolverlo a tu reserva y cambiar un dado por el número de ese barco. El nuevo valor cuenta para todo: colocar, dobles y la combinación con un 1. Solo un barco por turno.</p>`,
      diagram: "boat",
      caption: "Un guerrero en el barco 6 y una tirada de 2 y 3: el guerrero vuelve a la reserva y el 2 pasa a ser un 6.",
    },
    {
      id: "capture",
      heading: "Conquistar fuertes",
      body: `<p>Al final de cada turno se revisa cada fuerte. Un fuerte se conquista cuando todos sus caminos tienen un guerrero (la legión en uno de ellos lo impide) y un jugador tiene estrictamente más de esos caminos que cada uno de los demás. Ese jugador se queda el fuerte.</p>
<p>En un fuerte con 4, 5 o 6, la ficha de puntos de victoria es para quien tenga estrictamente el segundo mayor número de caminos. Si el segundo puesto está empatado, o un solo jugador ocupa todos los caminos, la ficha sale del juego.</p>
<p>Los guerreros se quedan donde están, y un camino puede contar para sus dos fuertes.</p>`,
      diagram: "capture",
      caption: "Los tres caminos de un fuerte con 3 están ocupados: el rojo tiene dos y el azul uno, así que el rojo conquista el fuerte.",
    },
    {
      id: "end",
      heading: "Fin de la partida",
      body: `<p>Cuando, tras las conquistas, no quedan más de seis fuertes libres, la partida termina en el acto. La legión sale del tablero y cada fuerte libre es para el jugador con estrictamente más guerreros en sus caminos, aunque haya caminos vacíos. Su ficha de puntos de victoria va para el segundo, si lo hay sin empate. Los fuertes con empate en cabeza, o sin nadie, quedan sin dueño.</p>
<p>Suma los números de tus fuertes y tus fichas de puntos de victoria. Gana quien tenga más puntos. Si hay empate, gana quien tenga más fichas; si sigue el empate, aquel cuyo último turno fue el más lejano. (Las reglas alemanas premian en cambio el turno más reciente: puedes elegirlo al empezar la partida.)</p>`,
    },
    {
      id: "two",
      heading: "Dos jugadores",
      body: `<p>Con dos jugadores participa un ejército neutral gris de cinco guerreros (marcados con una cruz). Antes de cada uno de tus turnos tiras un dado y pones un guerrero neutral en un camino libre de un fuerte con ese número; si no hay ninguno, o sacaste un 1, en el camino libre que quieras. Cuando ya están los cinco fuera, mueves uno que ya esté en el tablero.</p>
<p>Los guerreros neutrales nunca echan a nadie ni suben a los barcos, pero tus dobles y la legión sí pueden echarlos. El ejército neutral puede conquistar fuertes y sumar puntos, pero no puede ganar: gana el mejor de los dos jugadores.</p>`,
      diagram: "neutral",
      caption: "Un 3 para el ejército neutral: un guerrero gris con una cruz ocupa un camino de un fuerte con 3.",
    },
    {
      id: "app",
      heading: "Jugar aquí",
      body: `<p>Toca un camino o un barco resaltado para elegirlo. Nada es definitivo hasta que pulsas <strong>Confirmar</strong>; <strong>Deshacer</strong> anula tu última elección, pero nunca la tirada.</p>
<p class="keys-hint">Con teclado: <kbd>Tab</kbd> llega al tablero y a los botones, las flechas recorren los caminos y barcos que puedes elegir, <kbd>Intro</kbd> o la <kbd>barra espaciadora</kbd> eligen. Con el foco en el tablero o en los botones: <kbd>R</kbd> tira, <kbd>C</kbd> confirma, <kbd>U</kbd> deshace, <kbd>P</kbd> pasa.</p>`,
    },
  ],
};
