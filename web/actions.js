// The buttons beyond drawing: solve, count, generate, import and export. Each is one call to
// the server's API (docs/serve.md); what comes back either replaces the board (generate,
// import) or is shown over it (solve) or beside it (count), and exports become downloads.

import * as model from './model.js';
import {post, postForBlob} from './api.js';

const $ = (id) => document.getElementById(id);

// File name endings for the formats the server writes; the other text formats are named
// puzzle.FORMAT.txt, so that exports in several formats do not overwrite each other.
const EXTENSIONS = {json: 'jsonl', intgrid: 'in', paths: 'paths.txt', svg: 'svg', png: 'png'};
const fileName = (format) => `puzzle.${EXTENSIONS[format] ?? `${format}.txt`}`;

export function wireActions(app) {
  // A button shows it is busy and cannot be pressed twice; errors go to the message line.
  function action(id, run) {
    $(id).addEventListener('click', async () => {
      const button = $(id);
      button.disabled = true;
      try {
        await run();
      } catch (error) {
        app.showMessage(error.message, true);
      } finally {
        button.disabled = false;
      }
    });
  }

  const request = () => ({puzzle: model.toPuzzleJson(app.board()), rules: app.board().rules});

  action('solve', async () => {
    $('result').textContent = 'solving...';
    const record = await post('solve', request());
    const time = typeof record.seconds === 'number' ? ` in ${(record.seconds * 1000).toFixed(1)} ms` : '';
    $('result').textContent = `${record.status}${time}${record.engine ? ` (${record.engine})` : ''}`;
    if (record.status === 'solved') app.solution = {paths: record.paths};
    app.showMessage('');
  });

  action('count', async () => {
    $('result').textContent = 'counting...';
    const max = Math.max(1, Number($('count-max').value) || 100);
    const record = await post('count', {...request(), max});
    let text = `${record.count} solution${record.count === 1 ? '' : 's'}`;
    if (record.at_least) text = `at least ${text} (the cap)`;
    if (record.timed_out || record.limit || record.interrupted) text = `at least ${record.count} (stopped early)`;
    $('result').textContent = text;
    app.showMessage('');
  });

  action('generate', async () => {
    const body = {
      width: Number($('gen-width').value), height: Number($('gen-height').value),
      unique: $('gen-unique').checked, 'no-blocked': $('gen-no-blocked').checked,
      rules: app.board().rules,
    };
    const seed = $('gen-seed').value.trim();
    if (seed) body.seed = seed;
    if ($('gen-min-paths').value) body['min-paths'] = Number($('gen-min-paths').value);
    if ($('gen-max-paths').value) body['max-paths'] = Number($('gen-max-paths').value);
    const variant = $('gen-variant').value;
    if (variant && variant !== 'square') body.variant = variant;
    app.showMessage('generating...');
    const record = await post('generate', body);
    app.load(model.fromPuzzleJson({...record, name: `generated seed ${record.seed}`}));
    app.showMessage(`generated with seed ${record.seed}`);
  });

  // ---- import ----

  // The server names what it reads "request:1", "request:2", ...: the puzzles are named after
  // their source instead (a file's own name, "file:k" for the k-th of several, as the command
  // line names them), and "(k of n)" is said only when the file holds several.
  let imported = [];
  let importedFrom = '';
  function loadImported(index) {
    const several = imported.length > 1;
    const name = several ? `${importedFrom}:${index + 1}` : importedFrom;
    app.load(model.fromPuzzleJson({...imported[index], name}));
    app.showMessage(several ? `${importedFrom} (${index + 1} of ${imported.length})` : importedFrom);
  }
  async function importText(text, source) {
    const answer = await post('read', {puzzle: text});
    imported = answer.puzzles ?? [];
    if (!imported.length) throw new Error(`${source}: no puzzle in it`);
    importedFrom = source;
    $('import-picker').hidden = imported.length < 2;
    $('import-pick').replaceChildren(...imported.map((p, i) => new Option(`${i + 1}: ${p.width}x${p.height}`, i)));
    loadImported(0);
  }
  action('import-button', () => importText($('import-text').value, 'pasted text'));
  $('import-file').addEventListener('change', async () => {
    const file = $('import-file').files[0];
    if (!file) return;
    try {
      await importText(await file.text(), file.name);
    } catch (error) {
      app.showMessage(`${file.name}: ${error.message}`, true);
    }
    $('import-file').value = '';
  });
  $('import-pick').addEventListener('change', () => loadImported(Number($('import-pick').value)));

  // ---- export ----

  action('export', async () => {
    const format = $('export-format').value;
    // The solution shown, if any, goes with the puzzle: formats and pictures that can hold one do.
    const puzzle = model.toPuzzleJson(app.board(), app.solution?.paths ?? null);
    let blob;
    if (format === 'svg' || format === 'png') {
      blob = await postForBlob('render', {puzzle, format});
    } else {
      const answer = await post('convert', {puzzle, to: format});
      blob = new Blob([answer.text], {type: 'text/plain'});
    }
    download(blob, fileName(format));
    app.showMessage(`exported as ${format}`);
  });

  // The board as a puzz.link URL (the puzzlink format), selected for copying. A board that
  // format cannot hold (blocked cells, layers, variants) gets the server's reason instead.
  action('share', async () => {
    $('share-url').hidden = true;
    const answer = await post('convert', {puzzle: model.toPuzzleJson(app.board()), to: 'puzzlink'});
    $('share-url').value = answer.text.trim();
    $('share-url').hidden = false;
    $('share-url').select();
    app.showMessage('puzz.link URL of this board (selected: copy it)');
  });

  // The lists the server offers (GET /api/info): export formats and generate's variants.
  document.addEventListener('numberlink-info', (event) => {
    const info = event.detail;
    const formats = (info.formats_write ?? []).map((f) => new Option(`${f} text`, f));
    $('export-format').replaceChildren(...formats,
      new Option('SVG picture', 'svg'), new Option('PNG picture', 'png'));
    if (info.variants?.length)
      $('gen-variant').replaceChildren(...info.variants.map((v) => new Option(v, v)));
  });
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
