const conversationTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const messageTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'MMM d, h:mm a' as the conversation list shows it. */
export function formatConversationTime(iso: string): string {
  return conversationTime.format(new Date(iso));
}

/** 'h:mm a' as a message bubble shows it. */
export function formatMessageTime(iso: string): string {
  return messageTime.format(new Date(iso));
}
