"use client";

import { useState, type KeyboardEvent } from "react";
import type { WordBox } from "../types";

export interface WordEditorProps {
  word: WordBox;
  index: number;
  saving: boolean;
  /** Saves the word's new text (unchanged text is not sent). */
  onSave: (index: number, text: string) => Promise<boolean>;
  onCancel: () => void;
  /** Tab and Shift+Tab: save, then open the next or previous word. */
  onMove: (index: number, step: "next" | "previous") => void;
}

/**
 * A word opened for correction in place: an input over its box. Enter saves, Escape cancels, Tab
 * saves and moves on. The engine's reading is shown under the input when the word was corrected.
 */
export function WordEditor({ word, index, saving, onSave, onCancel, onMove }: WordEditorProps) {
  const [text, setText] = useState(word.text);
  const changed = text.trim() !== "" && text.trim() !== word.text;

  async function handleKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (!changed || (await onSave(index, text.trim()))) onCancel();
    } else if (event.key === "Tab") {
      event.preventDefault();
      if (!changed || (await onSave(index, text.trim()))) onMove(index, event.shiftKey ? "previous" : "next");
    }
  }

  return (
    <div
      className="absolute z-10"
      style={{
        left: `${word.box.x * 100}%`,
        top: `${word.box.y * 100}%`,
        minWidth: `${word.box.width * 100}%`,
        height: `${Math.max(word.box.height * 100, 2)}%`,
      }}
    >
      <input
        // Opening a word is the person's own action: the input takes the focus at once.
        autoFocus
        aria-label={`Correct word ${index + 1}${word.original_text ? `, read as ${word.original_text}` : ""}`}
        data-testid="word-editor"
        value={text}
        disabled={saving}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKey}
        onFocus={(event) => event.target.select()}
        className="size-full min-w-16 rounded-sm border-2 border-brand-600 bg-white px-1 font-mono text-sm text-black shadow-lg outline-none"
        style={{ width: `${Math.max(4, text.length + 2)}ch` }}
      />
      {word.original_text ? (
        <p className="mt-0.5 w-max rounded bg-ink px-1 text-xs text-white">Read as “{word.original_text}”</p>
      ) : null}
    </div>
  );
}
