package io.snowflakeid.spring.internal;

import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;

/**
 * What both public id Jackson modules share. Public for the Jackson 3 module ({@code publicid}) and the Jackson 2
 * module of the Spring Boot 3.5 line ({@code boot3}); an internal package, not an API.
 */
public final class PublicIdJson {

	/** Why a JSON number is refused where a public id is expected. */
	public static final String NUMBER_REFUSED = "A @PublicId property is read from its token (a JSON string), "
			+ "never from a number: accepting raw ids would let clients enumerate them";

	private PublicIdJson() {
	}

	/** A {@code Long}/{@code long} property annotated {@link PublicId}. */
	public static boolean isPublicId(boolean annotated, Class<?> type) {
		return annotated && (type == Long.class || type == long.class);
	}

	/** A {@code long[]} property annotated {@link PublicId}: an array of tokens (Jackson gives no primitive array a content serializer). */
	public static boolean isPublicIdArray(boolean annotated, Class<?> type) {
		return annotated && type == long[].class;
	}

	/** The message of a token that does not decode: the codec's reason, never a key. */
	public static String invalid(InvalidPublicIdException ex) {
		return ex.getMessage();
	}
}
