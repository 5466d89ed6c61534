// The benchmark workloads: each runs natively and in wasm under node.
// kind "dice": dice draws per second. Otherwise: an API call and its request;
// "per" names a count in the answer (e.g. "trials") to report as a rate.
// "runs": the fewest timed runs when bc_bench runs a list from a file (the
// memory lines); run.mjs's turns each make at least one run.
export function workloads() {
  const list = [];
  list.push({ name: 'dice: 10,000,000 d6 draws', kind: 'dice', draws: 10_000_000, seed: 42, faces: 6, runs: 3,
              rate: { count: 10_000_000, unit: 'draws/s' } });

  const units = [];
  for (let i = 0; i < 1000; i++) {
    units.push({ name: `Unit ${i + 1}`, nation: i % 2 ? 'ashen' : 'tribunan', arms: 20, armour: 6600 + i, size: 10 });
  }
  list.push({ name: 'bloodied-steel: exact odds, 1,000 units of 20 Arms', call: 'odds', runs: 3,
              request: { ruleset: 'bloodied-steel', units } });
  list.push({ name: 'bloodied-steel: Monte Carlo, 2 units of 4 Arms, 20,000 battles', call: 'odds', runs: 1,
              rate: { field: 'trials', unit: 'battles/s' },
              request: { ruleset: 'bloodied-steel',
                         units: [{ name: 'a', nation: 'tribunan', arms: 4, armour: 2, size: 5 },
                                 { name: 'b', nation: 'ashen', arms: 4, armour: 2, size: 5 }],
                         solver: { method: 'monte-carlo', trials: 20000, target_halfwidth: 0 } } });
  // Strongholds & Followers battles: exact solves of a 2v2 and a 3v3 of d6
  // units, and Monte Carlo battles per second for a 6v6.
  const wf = (name, ancestry, experience, equipment, type, size) =>
    (type === 'levies' ? { name, ancestry, equipment, type, size } : { name, ancestry, experience, equipment, type, size });
  const wf2v2 = { ruleset: 'warfare',
    attacker: { units: [wf('Ironhearts', 'dwarf', 'regular', 'medium', 'infantry', 'd6'),
                        wf('Longbows', 'human', 'regular', 'light', 'archers', 'd6')] },
    defender: { units: [wf('Red Fangs', 'orc', 'regular', 'medium', 'infantry', 'd6'),
                        wf('Outriders', 'human', 'regular', 'light', 'cavalry', 'd6')] } };
  list.push({ name: 'warfare: exact odds, 2v2 units of d6', call: 'odds', runs: 3,
              request: { ...wf2v2, solver: { method: 'exact' } } });
  // Issue 16's order advisor: every order the attacker may give at the start, each solved exactly.
  list.push({ name: 'warfare: order advice, the same 2v2 at its start, exact', call: 'advise', runs: 3,
              request: { ...wf2v2, solver: { method: 'exact' } } });
  const wf3v3 = { ruleset: 'warfare',
    attacker: { units: [wf('Ironhearts', 'dwarf', 'regular', 'medium', 'infantry', 'd6'),
                        wf('Gnome Bows', 'gnome', 'regular', 'light', 'archers', 'd6'),
                        wf('Goblin Levy', 'goblin', null, 'light', 'levies', 'd6')] },
    defender: { units: [wf('Kobold Spears', 'kobold', 'regular', 'medium', 'infantry', 'd6'),
                        wf('Goblin Bows', 'goblin', 'seasoned', 'light', 'archers', 'd6'),
                        wf('Kobold Levy', 'kobold', null, 'light', 'levies', 'd6')] } };
  list.push({ name: 'warfare: Monte Carlo, the same 2v2, 20,000 battles', call: 'odds', runs: 1,
              versus: 'warfare: exact odds, 2v2 units of d6', rate: { field: 'trials', unit: 'battles/s' },
              request: { ...wf2v2, solver: { method: 'monte-carlo', trials: 20000, target_halfwidth: 0 } } });
  list.push({ name: 'warfare: exact odds, 3v3 units of d6', call: 'odds', runs: 1,
              request: { ...wf3v3, solver: { method: 'exact', max_states: 5000000, time_limit_s: 120 } } });
  // The everyday battles of issue 12: a 3v3 (its reachable states make an
  // exact answer take seconds, so it is sampled to +-0.5%) and a 4v4 sampled
  // to +-1%, with the count of states the exact solver would have to reach.
  const everyday3 = {
    attacker: [wf('Shieldwall', 'human', 'regular', 'heavy', 'infantry', 'd6'),
               wf('Silver Bows', 'elf', 'veteran', 'light', 'archers', 'd6'),
               wf('Riders', 'human', 'regular', 'medium', 'cavalry', 'd6')],
    defender: [wf('Red Fangs', 'orc', 'seasoned', 'medium', 'infantry', 'd6'),
               wf('Ironhearts', 'dwarf', 'regular', 'heavy', 'infantry', 'd6'),
               wf('Goblin Bows', 'goblin', 'regular', 'light', 'archers', 'd6')] };
  const wfEveryday3 = { ruleset: 'warfare', attacker: { units: everyday3.attacker }, defender: { units: everyday3.defender } };
  const wfEveryday4 = { ruleset: 'warfare',
    attacker: { units: [...everyday3.attacker, wf('Stonefoot', 'dwarf', 'regular', 'medium', 'infantry', 'd6')] },
    defender: { units: [...everyday3.defender, wf('Wolf Riders', 'orc', 'regular', 'light', 'cavalry', 'd6')] } };
  // The state counts take seconds, after untimed counts of the same battle cut
  // short at 20,000 states. One count varies by a third on a shared machine
  // (the 3v3 in wasm: 1.6-2.1 s in one process); run.mjs gives each side at
  // least two turns in each of its three passes, each of at least one count,
  // and takes the best.
  const warmCount = (battle) => ({ ...battle, max_states: 20000, time_limit_s: 120 });
  list.push({ name: 'warfare: reachable states, everyday 3v3 (counted to the end)', call: 'states', runs: 1,
              warm: warmCount(wfEveryday3), request: { ...wfEveryday3, max_states: 5000000, time_limit_s: 120 } });
  list.push({ name: 'warfare: Monte Carlo, everyday 3v3 to +-0.5%', call: 'odds', runs: 3,
              rate: { field: 'trials', unit: 'battles/s' },
              request: { ...wfEveryday3, solver: { method: 'monte-carlo', trials: 200000, target_halfwidth: 0.005 } } });
  list.push({ name: 'warfare: reachable states, everyday 4v4 (the first 5,000,000: the budget of the states call)',
              call: 'states', runs: 1, warm: warmCount(wfEveryday4),
              request: { ...wfEveryday4, max_states: 5000000, time_limit_s: 120 } });
  list.push({ name: 'warfare: Monte Carlo, everyday 4v4 to +-1%', call: 'odds', runs: 3,
              rate: { field: 'trials', unit: 'battles/s' },
              request: { ...wfEveryday4, solver: { method: 'monte-carlo', trials: 200000, target_halfwidth: 0.01 } } });
  const six = (side) => [wf(`${side} Dwarves`, 'dwarf', 'veteran', 'heavy', 'infantry', 'd8'),
                         wf(`${side} Humans`, 'human', 'regular', 'medium', 'infantry', 'd6'),
                         wf(`${side} Bows`, 'elf', 'seasoned', 'light', 'archers', 'd6'),
                         wf(`${side} Riders`, 'human', 'regular', 'light', 'cavalry', 'd6'),
                         wf(`${side} Ghouls`, 'ghoul', 'regular', 'light', 'infantry', 'd6'),
                         wf(`${side} Levy`, 'goblin', null, 'light', 'levies', 'd8')];
  list.push({ name: 'warfare: Monte Carlo, 6v6, 5,000 battles', call: 'odds', runs: 1,
              rate: { field: 'trials', unit: 'battles/s' },
              request: { ruleset: 'warfare', attacker: { units: six('North') }, defender: { units: six('South') },
                         solver: { method: 'monte-carlo', trials: 5000, target_halfwidth: 0 } } });

  // Olympia (issue 12's targets): Monte Carlo in both orders with the
  // draw-bound limit, the rulebook recurrence at 1,000 men a side, the engine
  // order exactly, the page's tower battle as the page asks for it (auto), and
  // issue 16's break-point sweep (11 exact solves). Two runs at least: node
  // runs a wasm function's first call in its baseline compiler (Liftoff) and
  // a long call never moves up to the optimising one, so the best of two is
  // the code's steady speed (the first call alone is 2-3 times slower).
  const olympia = (n, solver, options = {}) => ({
    ruleset: 'olympia',
    options,
    attacker: { nobles: [{ name: 'Osswid', troops: { soldier: n } }] },
    defender: { nobles: [{ name: 'Bran', troops: { soldier: n } }] },
    solver,
  });
  for (const order of ['rulebook', 'engine']) {
    list.push({ name: `olympia: Monte Carlo, noble + 100 soldiers vs noble + 100 soldiers, ${order} order, 20,000 battles`,
                call: 'odds', runs: 2, rate: { field: 'trials', unit: 'battles/s' }, drawBound: true,
                request: olympia(100, { method: 'monte-carlo', trials: 20000, target_halfwidth: 0 }, { attack_order: order }) });
  }
  list.push({ name: 'olympia: exact odds, noble + 1,000 soldiers vs noble + 1,000 soldiers, rulebook order', call: 'odds', runs: 3,
              request: olympia(1000, { method: 'exact' }) });
  list.push({ name: 'olympia: exact odds, noble + 100 soldiers vs noble + 100 soldiers, engine order', call: 'odds', runs: 2,
              request: olympia(100, { method: 'exact' }, { attack_order: 'engine' }) });
  const tower = olympia(100, undefined);
  delete tower.solver;
  tower.defender.structure = { kind: 'tower' };
  list.push({ name: 'olympia: odds as the page asks them (auto), noble + 100 vs noble + 100 in a tower', call: 'odds', runs: 2,
              rate: { field: 'trials', unit: 'battles/s' }, drawBound: true, request: tower });
  const sweep = [];
  for (let bp = 0; bp <= 100; bp += 10) {
    const r = olympia(100, { method: 'exact' });
    r.attacker.nobles[0].break_point = bp;
    sweep.push(r);
  }
  list.push({ name: "olympia: break-point sweep, 11 exact solves (attacker's break point 0-100), noble + 100 vs noble + 100, rulebook order",
              kind: 'calls', call: 'odds', runs: 3, requests: sweep });
  list.push({ name: 'olympia: exact odds, noble + 20 soldiers vs noble + 20 soldiers', call: 'odds', runs: 3,
              request: olympia(20, { method: 'exact' }) });
  list.push({ name: 'olympia: Monte Carlo, the same noble + 20 vs noble + 20, 20,000 battles', call: 'odds', runs: 2,
              versus: 'olympia: exact odds, noble + 20 soldiers vs noble + 20 soldiers', rate: { field: 'trials', unit: 'battles/s' },
              request: olympia(20, { method: 'monte-carlo', trials: 20000, target_halfwidth: 0 }) });
  // The everyday 4v4's states counted to the end, past the states call's
  // budget: natively only, once (minutes; a few hundred MB of levels waiting).
  list.push({ name: 'warfare: reachable states, everyday 4v4, counted to the end (natively, once)', kind: 'count-all',
              request: wfEveryday4, max_states: 2000000000, time_limit_s: 3600 });
  // Issue 12's memory bound: the largest battle at the largest budgets stays
  // under 1 GB natively (it stops at its state budget, or its memory budget).
  const anc = ['human', 'elf', 'dwarf', 'orc', 'goblin', 'kobold', 'gnoll', 'hobgoblin', 'bugbear', 'lizardfolk', 'gnome', 'ogre'];
  const twelve = anc.map((a, i) => wf(`U${i}`, a, 'regular', 'medium', i % 3 === 0 ? 'archers' : 'infantry', 'd8'));
  list.push({ name: 'bound: peak memory, S&F 12v12 exact at the largest budgets (5,000,000 states, 768 MB)', kind: 'memory',
              bound_mb: 1024, call: 'odds', runs: 1,
              request: { ruleset: 'warfare', attacker: { units: twelve }, defender: { units: twelve },
                         solver: { method: 'exact', max_states: 5000000, max_memory_mb: 768, time_limit_s: 120 } } });
  // Decision tools (issue 16): each is many solves in one call. The page's
  // times for the same targets come from the browser tests (page-times.json).
  list.push({ name: 'tools: Olympia break-point sweep, 11 points, noble + 100 vs noble + 100, rulebook order, exact', call: 'sweep', runs: 2,
              request: { ...olympia(100, { method: 'exact' }), options: { attack_order: 'rulebook' },
                         sweep: { path: '/attacker/nobles/0/break_point', from: 0, to: 100, step: 10 } } });
  const examples = {
    olympia: { ruleset: 'olympia',
      attacker: { nobles: [{ name: 'Osswid', break_point: 50, troops: { soldier: 10, archer: 4 } }, { name: 'Aelric', behind: 1, troops: { archer: 3 } }] },
      defender: { nobles: [{ name: 'Bran', troops: { pikeman: 6, crossbowman: 3 } }] } },
    warfare: { ruleset: 'warfare',
      attacker: { units: [wf('Ironheart Defenders', 'dwarf', 'seasoned', 'medium', 'infantry', 'd6'), wf('Silver Bows', 'elf', 'regular', 'light', 'archers', 'd4')] },
      defender: { units: [wf('Red Fangs', 'orc', 'regular', 'medium', 'infantry', 'd6'), wf('Hill Riders', 'human', 'regular', 'light', 'cavalry', 'd4')] } },
    'bloodied-steel': { ruleset: 'bloodied-steel',
      units: [{ name: 'First Cohort', nation: 'tribunan', arms: 4, armour: 2, size: 5 }, { name: 'Grey Host', nation: 'ashen', arms: 3, armour: 1, size: 6 }],
      tactics: [{ name: 'Ambush', target: 'ashen', effect: 'total', amount: 2 }] },
  };
  for (const [id, battle] of Object.entries(examples)) {
    list.push({ name: `tools: marginal value, the ${id} page's example`, call: 'marginal', runs: 2, request: { ...battle, marginal: {} } });
  }
  return list;
}
