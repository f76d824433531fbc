import type { Metadata } from "next";
import Link from "next/link";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { BatchUploader } from "@/components/documents/batch-uploader";
import { GuestUpload } from "@/components/documents/guest-upload";
import { DriveImport } from "@/components/cloud/drive-import";
import { Card } from "@/components/ui/card";
import { AddWebPage } from "@/components/web/add-web-page";
import { getUploadAllowance, readableFormats } from "@/lib/batches/get-upload-allowance";
import { getDriveAuthorization } from "@/lib/cloud/get-drive-authorization";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Upload" };

export default async function UploadPage() {
  const user = await getCurrentUser();
  const allowance = user ? await getUploadAllowance({ db: await getDb(), user }) : undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Upload documents</h1>
        <p className="mt-2 text-ink-muted">
          {user ? (
            <>
              Drop as many files as you like; they become one batch, read in the background. Follow them here or in{" "}
              <Link href="/batches" className="underline">
                your batches
              </Link>
              .
            </>
          ) : (
            <>
              <Link href="/sign-in?next=/upload" className="underline">
                Sign in
              </Link>{" "}
              to upload many files at once, or try one file as a guest.
            </>
          )}
        </p>
      </div>
      {allowance ? <BatchUploader allowance={allowance} /> : <GuestUpload formats={readableFormats()} />}
      {user ? <AddWebPage /> : null}
      {allowance ? (
        <Card title="Import from Google Drive" id="drive-import">
          <DriveImport
            maxFileBytes={allowance.maxFileSizeBytes}
            authorization={getDriveAuthorization()}
            loginHint={user?.email}
          />
        </Card>
      ) : null}
    </div>
  );
}
