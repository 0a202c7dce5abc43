import PhotoIcon from "@heroicons/react/20/solid/PhotoIcon";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage, ThreadPage } from "#server/features/chat/service";
import { FieldErrorText, type FormErrorShape, useFieldError } from "#app/components/ui/form";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { focusRing } from "#app/components/shell/styles";
import { formatDateTime } from "#app/lib/format";
import { TrpcProvider } from "#app/components/TrpcProvider";
import { trpc } from "#app/lib/trpc";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import { EmptyState } from "#app/components/ui/EmptyState";

/** How often an open thread asks for new messages. */
export const POLL_INTERVAL_MS = 5_000;
const MAX_BODY = 2000;

type Side = "member" | "admin";

/** Messages of both lists, each once, oldest first (ids are time-ordered). */
function mergeById(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of a) byId.set(m.id, m);
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

const later = (a: string | null, b: string | null) =>
  a === null ? b : b === null || a > b ? a : b;

/**
 * New messages without a reload: the page's own messages come from the loader; this asks for
 * anything newer every few seconds (tRPC + React Query, with the portal's cache settings: app/lib/trpc.ts) and for
 * the other side's read marker, and tells the server what this side has now seen.
 */
function useLiveThread(side: Side, memberId: string | undefined, page: ThreadPage, live: boolean) {
  const [polled, setPolled] = useState<ChatMessage[]>([]);
  const [otherRead, setOtherRead] = useState(page.otherReadUpto);
  const [ownRead, setOwnRead] = useState(page.ownReadUpto);
  const [arrived, setArrived] = useState(0);
  const messages = useMemo(() => mergeById(page.messages, polled), [page.messages, polled]);
  const newest = messages.at(-1)?.id ?? null;
  const utils = trpc.useUtils();
  const options = { refetchInterval: POLL_INTERVAL_MS, enabled: live };
  const memberPoll = trpc.chat.poll.useQuery(
    { after: newest },
    { ...options, enabled: live && side === "member" },
  );
  const adminPoll = trpc.chat.admin.poll.useQuery(
    { memberId: memberId ?? "", after: newest },
    { ...options, enabled: live && side === "admin" && Boolean(memberId) },
  );
  const data = side === "member" ? memberPoll.data : adminPoll.data;
  const memberRead = trpc.chat.markRead.useMutation();
  const adminRead = trpc.chat.admin.markRead.useMutation({
    onSuccess: () => void utils.chat.admin.unread.invalidate(),
  });

  useEffect(() => setOtherRead((r) => later(r, page.otherReadUpto)), [page.otherReadUpto]);
  useEffect(() => {
    if (!data) return;
    setOtherRead((r) => later(r, data.otherReadUpto));
    if (data.messages.length === 0) return;
    setPolled((p) => mergeById(p, data.messages));
    if (data.messages.some((m) => m.role !== side)) setArrived((n) => n + 1);
  }, [data, side]);

  // What this side has on screen is read; only while the page is visible.
  useEffect(() => {
    if (!live || !newest || (ownRead !== null && ownRead >= newest)) return;
    if (typeof document !== "undefined" && document.visibilityState !== "visible") return;
    setOwnRead(newest);
    if (side === "member") memberRead.mutate({ upto: newest });
    else if (memberId) adminRead.mutate({ memberId, upto: newest });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the mutations are stable enough
  }, [newest, ownRead, live, side, memberId]);

  return { messages, otherRead, arrived };
}

/** The thread, with the browser's tRPC client it polls through. */
export function ChatThread(props: Parameters<typeof ThreadView>[0]) {
  return (
    <TrpcProvider>
      <ThreadView {...props} />
    </TrpcProvider>
  );
}

function ThreadView({
  side,
  memberId,
  page,
  olderHref,
  live,
  imageUrl,
}: {
  side: Side;
  /** The member whose thread an admin is reading. */
  memberId?: string;
  page: ThreadPage;
  /** A link to the earlier messages, when there are any. */
  olderHref: string | null;
  /** Polling runs on the newest page only. */
  live: boolean;
  imageUrl: (messageId: string) => string;
}) {
  const { t } = useTranslation("chat");
  const { messages, otherRead, arrived } = useLiveThread(side, memberId, page, live);
  const listRef = useRef<HTMLOListElement>(null);
  const count = messages.length;

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list && live) list.scrollTop = list.scrollHeight;
  }, [count, live]);

  return (
    <div className="space-y-2">
      {olderHref && (
        <Link
          to={olderHref}
          className={`${textLink} inline-block text-sm`}
          data-testid="chat-older"
        >
          {t("older")}
        </Link>
      )}
      <p className="sr-only" aria-live="polite" data-testid="chat-live">
        {arrived > 0 ? t("newMessages") : ""}
      </p>
      {count === 0 ? (
        <EmptyState testId="chat-empty">{t("empty")}</EmptyState>
      ) : (
        <ol
          ref={listRef}
          aria-label={t("thread")}
          data-testid="chat-messages"
          // A scrolling list with no link inside must itself take focus to scroll by keyboard
          // (axe: scrollable-region-focusable); it is named by its aria-label.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className={`max-h-[60vh] space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4 dark:border-slate-700 dark:bg-slate-950 ${focusRing}`}
        >
          {messages.map((m) => (
            <Bubble
              key={m.id}
              message={m}
              own={m.role === side}
              read={m.role === side && otherRead !== null && m.id <= otherRead}
              imageUrl={imageUrl}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function Bubble({
  message,
  own,
  read,
  imageUrl,
}: {
  message: ChatMessage;
  own: boolean;
  read: boolean;
  imageUrl: (messageId: string) => string;
}) {
  const { t } = useTranslation("chat");
  const who = own ? t("you") : message.role === "admin" ? t("support") : t("member");
  return (
    <li
      className={`flex ${own ? "justify-end" : "justify-start"}`}
      data-testid="chat-message"
      data-role={message.role}
      data-id={message.id}
    >
      <div
        className={`max-w-[85%] sm:max-w-[75%] ${own ? "items-end" : "items-start"} flex flex-col`}
      >
        <span className="mb-0.5 text-xs font-medium text-slate-600 dark:text-slate-300">{who}</span>
        <div
          className={`rounded-2xl px-3 py-2 text-sm shadow-sm ${
            own
              ? "rounded-br-sm bg-emerald-600 text-white"
              : "rounded-bl-sm border border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
          }`}
        >
          {message.body && (
            <p
              className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]"
              data-testid="chat-body"
            >
              {message.body}
            </p>
          )}
          {message.hasImage && (
            <a
              href={imageUrl(message.id)}
              target="_blank"
              rel="noopener noreferrer"
              className={`mt-1 block rounded ${focusRing}`}
            >
              <img
                src={imageUrl(message.id)}
                alt={t("image")}
                loading="lazy"
                className="max-h-60 max-w-full rounded-md bg-white object-contain"
                data-testid="chat-image"
              />
              <span className="sr-only">{t("openImage")}</span>
            </a>
          )}
        </div>
        <span className="mt-0.5 flex gap-2 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={message.createdAt.replace(" ", "T") + "Z"}>
            {formatDateTime(message.createdAt)}
          </time>
          {read && (
            <span
              className="font-medium text-emerald-700 dark:text-emerald-400"
              data-testid="chat-read"
            >
              {t("read")}
            </span>
          )}
        </span>
      </div>
    </li>
  );
}

/**
 * The composer, in its card: a message (up to 2,000 characters) and an optional image, posted
 * to the page's action (`chatAction`) as a multipart form. That answers the sent message's id,
 * and the composer starts empty again after each one; a refusal is shown with the text kept.
 */
export function ChatComposer() {
  const result = useActionData<{ ok: true; sent: string } | { ok: false; error: FormErrorShape }>();
  const error = result && !result.ok ? result.error : null;
  const resetKey = result?.ok ? result.sent : "initial";
  const { t } = useTranslation(["chat", "errors"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [body, setBody] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const bodyId = useId();
  const fileId = useId();
  const bodyError = useFieldError(error, "body", "chat:composer.label");
  useEffect(() => {
    setBody("");
    setFileName(null);
  }, [resetKey]);

  return (
    <section className={`${card} p-4 sm:p-5`}>
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-3"
        key={resetKey}
        data-testid="chat-composer"
      >
        <FormErrorAlert error={error} />
        <div>
          <label
            htmlFor={bodyId}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t("composer.label")}
          </label>
          <textarea
            id={bodyId}
            name="body"
            rows={3}
            maxLength={MAX_BODY}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder={t("composer.placeholder")}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={`${bodyId}-count${bodyError ? ` ${bodyId}-error` : ""}`}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-600 dark:bg-slate-800"
            onKeyDown={(e) => {
              // Ctrl/⌘ + Enter sends; Enter alone is a new line.
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey))
                e.currentTarget.form?.requestSubmit();
            }}
          />
          <p
            id={`${bodyId}-count`}
            className="mt-1 text-right text-xs text-slate-500 dark:text-slate-400"
          >
            {t("composer.count", { count: body.length })}
          </p>
          <FieldErrorText id={`${bodyId}-error`} name="body" error={bodyError} />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <label
              htmlFor={fileId}
              className={buttonClass({
                variant: "secondary",
                className:
                  "cursor-pointer gap-2 [&:has(+input:focus-visible)]:outline [&:has(+input:focus-visible)]:outline-2 [&:has(+input:focus-visible)]:outline-offset-2 [&:has(+input:focus-visible)]:outline-emerald-600",
              })}
            >
              <PhotoIcon className="h-4 w-4 text-slate-500" aria-hidden="true" />
              {t("composer.image")}
            </label>
            <input
              id={fileId}
              type="file"
              name="image"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              aria-describedby={`${fileId}-hint`}
              onChange={(e) => setFileName(e.target.files?.[0]?.name ?? null)}
              data-testid="chat-image-input"
            />
            <p
              id={`${fileId}-hint`}
              className="mt-1 truncate text-xs text-slate-500 dark:text-slate-400"
            >
              {fileName ?? t("composer.imageHint")}
            </p>
          </div>
          <button
            type="submit"
            disabled={busy}
            className={buttonClass({ block: true })}
            data-testid="chat-send"
          >
            {busy ? t("composer.sending") : t("composer.send")}
          </button>
        </div>
      </Form>
    </section>
  );
}
