/**
 * The streams of customer service: one per ticket type, ticket, FAQ type and FAQ entry. No prefix
 * begins another (`cs-ticket-` and `cs-tickettype-` differ at the hyphen).
 */
export const ticketTypeStreamPrefix = 'cs-tickettype-';
export const ticketStreamPrefix = 'cs-ticket-';
export const faqTypeStreamPrefix = 'cs-faqtype-';
export const faqStreamPrefix = 'cs-faq-';

export const ticketTypeStream = (typeId: string) => `${ticketTypeStreamPrefix}${typeId}`;
export const ticketStream = (ticketId: string) => `${ticketStreamPrefix}${ticketId}`;
export const faqTypeStream = (faqTypeId: string) => `${faqTypeStreamPrefix}${faqTypeId}`;
export const faqStream = (faqId: string) => `${faqStreamPrefix}${faqId}`;
