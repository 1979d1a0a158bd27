package io.snowflakeid.quarkus.runtime;

import jakarta.json.bind.JsonbException;

/**
 * A JSON value the extension's JSON-B deserializers refuse: a raw id or a bad token where a public id belongs, text
 * that is no id. The client's mistake: Quarkus REST answers it with a 400 ({@link RejectedJsonbValueMapper}), not
 * the 500 an unmapped {@code JsonbException} gets.
 */
public final class RejectedJsonbValue extends JsonbException {

	private static final long serialVersionUID = 1L;

	RejectedJsonbValue(String message, Throwable cause) {
		super(message, cause);
	}
}
