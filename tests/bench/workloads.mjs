// The benchmark workloads: each runs natively and in wasm under node.
// kind "dice": dice draws per second. Otherwise: an API call and its request;
// "per" names a count in the answer (e.g. "trials") to report as a rate.
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
  list.push({ name: 'warfare: exact odds, 2v2 units of d6', call: 'odds', runs: 1,
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

  const olympia = (n, solver) => ({
    ruleset: 'olympia',
    attacker: { nobles: [{ name: 'Osswid', troops: { soldier: n } }] },
    defender: { nobles: [{ name: 'Bran', troops: { soldier: n } }] },
    solver,
  });
  list.push({ name: 'olympia: Monte Carlo, noble + 100 soldiers vs noble + 100 soldiers, 5,000 battles', call: 'odds', runs: 1,
              rate: { field: 'trials', unit: 'battles/s' },
              request: olympia(100, { method: 'monte-carlo', trials: 5000, target_halfwidth: 0 }) });
  list.push({ name: 'olympia: exact odds, noble + 20 soldiers vs noble + 20 soldiers', call: 'odds', runs: 3,
              request: olympia(20, { method: 'exact' }) });
  list.push({ name: 'olympia: Monte Carlo, the same noble + 20 vs noble + 20, 20,000 battles', call: 'odds', runs: 1,
              versus: 'olympia: exact odds, noble + 20 soldiers vs noble + 20 soldiers', rate: { field: 'trials', unit: 'battles/s' },
              request: olympia(20, { method: 'monte-carlo', trials: 20000, target_halfwidth: 0 }) });
  const engine = olympia(20, { method: 'exact' });
  engine.options = { attack_order: 'engine' };
  list.push({ name: 'olympia: exact odds, noble + 20 soldiers vs noble + 20 soldiers, engine order', call: 'odds', runs: 1,
              request: engine });

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
