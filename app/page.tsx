import Link from "next/link";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { GuestUpload } from "@/components/documents/guest-upload";
import { readableFormats } from "@/lib/batches/get-upload-allowance";

// Each card says what exists today and links to where it is done.
const capabilities = [
  {
    title: "Reads everything",
    text: "PDFs, scans, photos and office files — text layer or OCR, with a box for every word.",
    href: "/upload",
    link: "Upload a file",
  },
  {
    title: "Shows its sources",
    text: "Every extracted value points back to the page and the words it came from.",
    href: "/batches",
    link: "Your documents",
  },
  {
    title: "Fills forms through the API",
    text: "PDF forms and Excel templates filled from your documents, instructions or mappings with /v1/fill.",
    href: "/developers/reference",
    link: "API reference",
  },
  {
    title: "Runs anywhere",
    text: "One command starts it with an embedded database; PostgreSQL and Inngest when you scale.",
    href: "/developers/quick-start",
    link: "Quick start",
  },
];

export default async function LandingPage() {
  // Guests can try one file right here; signed-in people have the full upload screen.
  const user = await getCurrentUser();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <div className="grid items-start gap-10 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <section aria-labelledby="hero-title" className="max-w-3xl">
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
            Turn documents into data you can trust.
          </h1>
          <p className="mt-4 text-lg text-ink-muted">
            docsvc reads PDFs, scans, images and office files, pulls out key-values, tables and fields with the exact
            place each came from, and fills forms from them — in your browser or through a developer API.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              href="/upload"
              className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
            >
              Upload a document
            </Link>
            <Link
              href="/sign-in"
              className="rounded-md border border-line px-4 py-2 font-medium hover:bg-surface-muted"
            >
              Sign in
            </Link>
            <Link
              href="/developers"
              className="rounded-md border border-line px-4 py-2 font-medium hover:bg-surface-muted"
            >
              Developer portal
            </Link>
          </div>
        </section>
        {user ? null : <GuestUpload formats={readableFormats()} />}
      </div>
      <section aria-label="What docsvc does" className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {capabilities.map((capability) => (
          <div key={capability.title} className="rounded-lg border border-line bg-surface-muted p-5">
            <h2 className="font-semibold">{capability.title}</h2>
            <p className="mt-2 text-sm text-ink-muted">{capability.text}</p>
            <Link
              href={capability.href}
              className="mt-3 inline-block text-sm font-medium text-brand-600 underline dark:text-brand-100"
            >
              {capability.link}
            </Link>
          </div>
        ))}
      </section>
    </div>
  );
}
