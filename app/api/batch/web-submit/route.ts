import { route, serveRoutes } from "@/lib/http";
import { followWebSession } from "@/lib/web/follow-web-session";
import { submitWebPage } from "@/lib/web/submit-web-page";
import { webOwnerOf } from "@/lib/web/web-caller";
import { webSubmitRoute } from "@/lib/web/web.contract";

// POST /api/batch/web-submit – click the submit button once and show where it led
const submit = route(webSubmitRoute, async ({ req, caller, body }) => {
  const owner = webOwnerOf(caller, req);
  return followWebSession({ req, owner, sessionId: body.session_id, body }, () =>
    submitWebPage({
      ownerId: owner.ownerId,
      sessionId: body.session_id,
      buttonRef: body.button_ref,
      allowRepeat: body.allow_repeat,
    }),
  );
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(submit);
