import { z } from "zod";

export const maxQuestionChars = 20_000;
export const maxChatMessages = 100;

/** A message as the AI SDK's UI sends it ({id, role, parts}) or as a plain client sends it ({role, content}). */
export const ChatMessageInput = z
  .looseObject({
    id: z.string().max(200).optional(),
    role: z.enum(["user", "assistant", "system"]),
    content: z.string().optional().describe("The message's text (plain clients)."),
    parts: z
      .array(z.looseObject({ type: z.string() }))
      .max(500)
      .optional()
      .describe("UI message parts: text, tool calls, files, data-citation."),
    metadata: z.unknown().optional(),
  })
  .superRefine((message, context) => {
    const length = messageText(message).length;
    if (length > maxQuestionChars) {
      context.addIssue({
        code: "custom",
        message: `A message may have at most ${maxQuestionChars.toLocaleString("en-US")} characters; this one has ${length.toLocaleString("en-US")}.`,
      });
    }
  });
export type ChatMessageInput = z.infer<typeof ChatMessageInput>;

/** The text of a message: its content, or its text parts joined. */
export function messageText(message: { content?: string; parts?: Array<{ type: string }> }): string {
  if (typeof message.content === "string") return message.content;
  return (message.parts ?? [])
    .flatMap((part) => {
      const text = (part as { text?: unknown }).text;
      return part.type === "text" && typeof text === "string" ? [text] : [];
    })
    .join("\n");
}

export const DocumentChatRequest = z
  .object({
    messages: z
      .array(ChatMessageInput)
      .max(maxChatMessages, `A conversation may have at most ${maxChatMessages} messages; start a new session.`)
      .optional()
      .describe("The conversation so far, ending with the user's question (AI SDK UI messages or {role, content})."),
    message: z
      .string()
      .min(1)
      .max(maxQuestionChars)
      .optional()
      .describe("One question, instead of messages (appended to the session's messages when session_id is given)."),
    batch_id: z.string().optional().describe("Chat over this batch's documents."),
    document_ids: z
      .array(z.string())
      .min(1)
      .max(500)
      .optional()
      .describe("Chat over these documents (within batch_id when both are given)."),
    session_id: z
      .string()
      .optional()
      .describe(
        "Continue this saved session; without it a new session is saved and its id sent in the stream's start event.",
      ),
    title: z.string().max(200).optional().describe("Title of a new session (default: the start of the question)."),
  })
  .refine((request) => request.message !== undefined || (request.messages?.length ?? 0) > 0, {
    message: "Give a message, or messages ending with the user's question.",
  });
export type DocumentChatRequest = z.infer<typeof DocumentChatRequest>;

export const CitationSchema = z.object({
  citation_id: z.string().describe('What the answer\'s marker names: "[1]" or "[D1:p2w10-14]".'),
  document_id: z.string(),
  document_name: z.string(),
  batch_id: z.string(),
  page: z.number().int().describe("1-based."),
  word_ids: z
    .array(z.string())
    .describe("Ids (p{page}w{index}) of the page words quoted; index into the page's bounding_boxes.words."),
  box: z
    .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
    .describe("Union of the quoted words' boxes, 0–1 from the page's top-left."),
  quote: z.string().describe("The quoted words."),
  gone: z.boolean().optional().describe("True when the cited document has since been deleted."),
});
