package io.snowflakeid;

import java.time.Instant;

/**
 * An id the application assigned itself (an import, a migration — or a client's value that reached the entity or
 * record through a request body) was refused: negative, or decoding to a time ahead of the clock, so the generator
 * would issue it itself later (a duplicate key then). Ids assigned by the application are kept only when positive
 * and not ahead of the clock: imported auto_increment ids decode to instants near the epoch, this generator's own
 * ids to the past. In a web application the starter answers it with a 400, as the client's mistake it usually is.
 */
public class AssignedIdRefusedException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String target;

	private final long id;

	private AssignedIdRefusedException(String target, long id, String message) {
		super(message);
		this.target = target;
		this.id = id;
	}

	/**
	 * {@code id}, assigned by the application to {@code target} ({@code Entity.attribute}, {@code table.column}), if
	 * {@code ids} can keep it.
	 * @param now the current time in milliseconds since 1970 (the generator's clock tolerance is added to it)
	 * @throws AssignedIdRefusedException if it is negative or decodes to a time after {@code now} + the tolerance
	 */
	public static long check(SnowflakeIdGenerator ids, String target, long id, long now) {
		if (id < 0) {
			throw new AssignedIdRefusedException(target, id, message(target, id, "is negative"));
		}
		if (id > 0) {
			Instant issued = ids.decode(id).timestamp();
			if (issued.toEpochMilli() > now + ids.clockTolerance().toMillis()) {
				throw new AssignedIdRefusedException(target, id, message(target, id, "decodes to " + issued));
			}
		}
		return id;
	}

	/**
	 * {@link #check} for a value as bindings hold it: a {@code Long}, or the decimal text of a String id column (with
	 * any whitespace around it). Text that is not a decimal number is kept as it is (a legacy key of a text column,
	 * not a snowflake id).
	 */
	public static void checkValue(SnowflakeIdGenerator ids, String target, Object value, long now) {
		long id;
		if (value instanceof Long number) {
			id = number;
		}
		else {
			try {
				// Spaces around it too: MariaDB's (PAD SPACE) collations take '123 ' for the key '123'.
				id = Long.parseLong(value.toString().strip());
			}
			catch (NumberFormatException ex) {
				return;
			}
		}
		check(ids, target, id, now);
	}

	private static String message(String target, long id, String why) {
		return "Refusing to keep " + target + " = " + id + ", set by the application: snowflake ids the application "
				+ "assigns are kept only when positive and not ahead of the clock (this one " + why + "), since "
				+ "the generator would issue it itself later. If it came from a request body, make the id read-only "
				+ "in JSON (@JsonProperty(access = Access.READ_ONLY)) or bind a DTO; to import rows of another id "
				+ "scheme, keep their ids in a column of their own";
	}

	/** What the id was assigned to: {@code Entity.attribute} or {@code table.column}. */
	public String getTarget() {
		return this.target;
	}

	/** The refused id. */
	public long getId() {
		return this.id;
	}
}
