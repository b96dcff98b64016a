// Undo and redo over board values. Boards are never changed in place (model.js), so the
// history is two stacks of the boards themselves; a new edit forgets what could be redone.

export function createHistory(initial) {
  let undone = [];
  let done = [];
  let current = initial;
  return {
    get current() { return current; },
    get canUndo() { return done.length > 0; },
    get canRedo() { return undone.length > 0; },
    // Records `next` as the board after an edit; an edit that changed nothing is not recorded.
    push(next) {
      if (next === current || JSON.stringify(next) === JSON.stringify(current)) return false;
      done.push(current);
      if (done.length > 500) done.shift();
      undone = [];
      current = next;
      return true;
    },
    undo() {
      if (!done.length) return false;
      undone.push(current);
      current = done.pop();
      return true;
    },
    redo() {
      if (!undone.length) return false;
      done.push(current);
      current = undone.pop();
      return true;
    },
  };
}
