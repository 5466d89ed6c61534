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
  const engine = olympia(20, { method: 'exact' });
  engine.options = { attack_order: 'engine' };
  list.push({ name: 'olympia: exact odds, noble + 20 soldiers vs noble + 20 soldiers, engine order', call: 'odds', runs: 1,
              request: engine });
  return list;
}
