import { GeneratedFileSpec } from "../files/generated-file-spec";
import { writeGeneratedFile } from "../files/write-generated-file";
import { ChatToolError, type ChatToolContext } from "./tool-context";

export const GenerateFileInput = GeneratedFileSpec;

export const generateFileDescription =
  "Create a CSV, XLSX, DOCX or PDF file from data of this conversation (a title, text paragraphs and/or a table with a header row). " +
  "It is saved in the user's library and offered for download.";

/** Writes the file, saves it in the user's library and puts a download link (data-file part) in the stream. */
export async function generateFile(context: ChatToolContext, input: unknown) {
  const spec = GeneratedFileSpec.parse(input);
  if (!context.saveFile) throw new ChatToolError("Files cannot be saved in this context.");
  const file = await writeGeneratedFile(spec);
  const saved = await context.saveFile(file);
  const part = {
    file_id: saved.id,
    file_name: saved.file_name,
    content_type: saved.content_type,
    size_bytes: saved.size_bytes,
    download_url: saved.download_url,
  };
  context.emit?.({ type: "data-file", id: saved.id, data: part });
  return part;
}
