"use client";

import { useEffect, useState } from "react";
import { listFillJobs, type FillJob } from "./fill-api";

const FILL_TYPES = new Set(["fill_pdf", "fill_excel"]);

/** The user's recent fill jobs (from the browser or the API), with their files while they last. */
export function FillJobList({ version }: { version: number }) {
  const [jobs, setJobs] = useState<FillJob[]>();
  useEffect(() => {
    let live = true;
    listFillJobs()
      .then((page) => live && setJobs(page.data.filter((job) => FILL_TYPES.has(job.type))))
      .catch(() => live && setJobs([]));
    return () => {
      live = false;
    };
  }, [version]);
  if (!jobs || jobs.length === 0) return null;
  return (
    <section aria-labelledby="fill-jobs-title" className="flex flex-col gap-2">
      <h2 id="fill-jobs-title" className="text-lg font-semibold">
        Recent fill jobs
      </h2>
      <ul className="flex flex-col gap-1 text-sm" data-testid="fill-jobs">
        {jobs.map((job) => (
          <li key={job.id} className="flex flex-wrap gap-x-3">
            <span>{job.type === "fill_pdf" ? "PDF form" : "Excel template"}</span>
            <span className="text-ink-muted">{new Date(job.created_at).toLocaleString()}</span>
            <span>{job.status}</span>
            {job.status === "completed" && job.result?.download_url ? (
              <a className="text-brand-700 underline dark:text-brand-100" href={job.result.download_url} download>
                download
              </a>
            ) : null}
            {job.error ? <span className="text-red-700 dark:text-red-400">{job.error.message}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
