/**
 * Five talks on clearly different subjects, each about a minute when read aloud: the summary bench joins
 * them into one recording with known topic changes, and the engine's summary tests use them as transcript
 * lines. Plain words only, so espeak-ng reads them as written.
 */

export interface Topic {
  name: string;
  /** Words a chapter title about this topic is expected to use (lower case). */
  words: string[];
  sentences: string[];
}

export const TOPICS: Topic[] = [
  {
    name: 'cooking',
    words: ['pasta', 'sauce', 'garlic', 'tomato', 'oil', 'water', 'salt', 'basil', 'pan', 'onion', 'parmesan', 'cheese', 'noodle'],
    sentences: [
      'Tonight we are cooking a simple pasta with a fresh tomato sauce.',
      'Start by bringing a large pot of water to a rolling boil and add a generous handful of salt.',
      'While the water heats, slice four cloves of garlic and chop one small onion.',
      'Warm two spoons of olive oil in a wide pan over a medium flame.',
      'Cook the onion and the garlic in the oil until they smell sweet but do not brown.',
      'Add the chopped tomatoes to the pan and let the sauce simmer gently for fifteen minutes.',
      'Drop the pasta into the boiling water and stir it so the noodles do not stick together.',
      'Taste the pasta a minute before the packet says, it should still have a little bite.',
      'Save a cup of the starchy pasta water before you drain the noodles.',
      'Toss the drained pasta straight into the tomato sauce with a splash of that water.',
      'Tear fresh basil leaves over the pan and finish the sauce with grated parmesan cheese.',
      'Serve the pasta at once in warm bowls with more cheese and a drizzle of olive oil.',
    ],
  },
  {
    name: 'astronomy',
    words: ['planet', 'telescope', 'jupiter', 'moon', 'orbit', 'star', 'saturn', 'sky', 'night', 'ring', 'sun'],
    sentences: [
      'On a clear night the sky is full of stars, and a few bright points are really planets.',
      'Jupiter is the largest planet in our solar system and it shines with a steady light.',
      'Even a small telescope shows four of the moons of Jupiter lined up beside the planet.',
      'Those moons orbit Jupiter quickly, so their positions change from one night to the next.',
      'Saturn is farther away, and through a telescope its rings look like a tiny golden halo.',
      'The rings of Saturn are made of ice and rock that orbit the planet in a thin flat disc.',
      'Stars twinkle because their light passes through moving layers of air above the telescope.',
      'Planets shine more steadily because they show a small disc rather than a single point.',
      'Every planet orbits the sun along the same band of sky that astronomers call the ecliptic.',
      'Mars looks red because its surface is covered with dust rich in iron oxide.',
      'To find a planet, look for a bright star near the path where the sun and the moon travel.',
      'Let your eyes adjust to the dark for twenty minutes and the night sky will show far more stars.',
    ],
  },
  {
    name: 'football',
    words: ['team', 'goal', 'player', 'match', 'coach', 'ball', 'pitch', 'defender', 'striker', 'minute', 'season', 'league'],
    sentences: [
      'The football match on Saturday was the most important game of the season for our team.',
      'The coach picked an attacking side with two fast strikers and only three defenders.',
      'In the first minute our striker ran past two defenders and hit the ball against the post.',
      'The other team scored the first goal from a corner when our goalkeeper slipped on the wet pitch.',
      'At half time the coach told the players to pass the ball quickly and keep their shape.',
      'Ten minutes into the second half our captain headed the ball into the net to level the match.',
      'The crowd sang as the players pushed forward looking for a winning goal.',
      'A defender blocked a shot on the goal line and the referee gave our team a penalty.',
      'Our young striker stepped up and calmly scored the penalty in the bottom corner.',
      'The team defended deep for the last minutes while the other side sent every player forward.',
      'When the referee blew the final whistle the players celebrated with the fans on the pitch.',
      'That win moves the team to the top of the league with five matches left in the season.',
    ],
  },
  {
    name: 'banking',
    words: ['bank', 'loan', 'interest', 'rate', 'account', 'mortgage', 'saving', 'credit', 'payment', 'money', 'deposit'],
    sentences: [
      'Banks earn most of their money from the difference between the interest they pay and the interest they charge.',
      'When you put money in a savings account the bank pays you interest at a modest rate.',
      'The bank lends that deposit to other customers as loans and mortgages at a higher rate.',
      'A mortgage is a long loan used to buy a house, usually repaid over twenty or thirty years.',
      'If the central bank raises its interest rate, the monthly payment on a variable mortgage goes up.',
      'Higher rates also mean savings accounts pay more, which rewards people who keep a deposit.',
      'Before a bank approves a loan it checks your credit history and your income.',
      'A good credit score shows that you paid earlier loans and credit card bills on time.',
      'Missing a payment can lower your credit score and make the next loan more expensive.',
      'Credit cards charge a much higher interest rate than most personal loans.',
      'Paying the full credit card balance every month means you pay no interest at all.',
      'Comparing the interest rate and the fees of each bank can save a lot of money over a mortgage.',
    ],
  },
  {
    name: 'gardening',
    words: ['garden', 'soil', 'seed', 'plant', 'compost', 'rose', 'water', 'spring', 'root', 'flower', 'weed', 'leaves'],
    sentences: [
      'Spring is the busiest time of year in the garden, and it all starts with the soil.',
      'Dig a thick layer of compost into the beds so the soil holds water and feeds the roots.',
      'Sow the seeds of lettuce and carrots in shallow rows once the soil feels warm to the touch.',
      'Young plants need water every morning until their roots grow deep into the ground.',
      'Pull the weeds while they are small, before they steal light and water from your plants.',
      'Roses like a sunny spot and should be pruned just above an outward facing bud.',
      'Feed the roses with a little compost and they will flower from early summer into autumn.',
      'A layer of bark or straw around the plants keeps the soil moist and stops weeds from growing.',
      'Watch for slugs on warm wet evenings, because they can eat a row of seedlings overnight.',
      'Water the garden at the roots rather than over the leaves, which helps prevent mildew.',
      'Pick the flowers often and the plants will keep making new buds all season.',
      'By the end of spring the garden beds should be full of healthy green leaves and the first flowers.',
    ],
  },
];

export interface TimedLine {
  start: number;
  end: number;
  text: string;
  speaker: string;
}

/** The topics' sentences as transcript lines, one every `stepMs`, speakers taking turns line by line. */
export function topicLines(topics: Topic[], stepMs = 5_000, speakers = ['Speaker 1', 'Speaker 2']): TimedLine[] {
  return topics
    .flatMap((t) => t.sentences)
    .map((text, i) => ({ start: i * stepMs, end: i * stepMs + stepMs - 500, text, speaker: speakers[i % speakers.length]! }));
}

/**
 * About `minutes` of transcript: the topics told over and over, each round in another sentence order and
 * with a different speaker count, so a long meeting comes back to subjects as real ones do.
 */
export function longTranscript(minutes: number, stepMs = 4_000): TimedLine[] {
  const lines: TimedLine[] = [];
  for (let round = 0; lines.length * stepMs < minutes * 60_000; round++) {
    const topic = TOPICS[round % TOPICS.length]!;
    const shift = Math.floor(round / TOPICS.length);
    topic.sentences.forEach((_, j) => {
      const start = lines.length * stepMs;
      const text = topic.sentences[(j + shift) % topic.sentences.length]!;
      lines.push({ start, end: start + stepMs - 500, text, speaker: `Speaker ${1 + (j % (2 + (round % 3)))}` });
    });
  }
  return lines;
}
