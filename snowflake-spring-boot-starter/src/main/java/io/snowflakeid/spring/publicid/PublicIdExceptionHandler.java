package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.hibernate.internal.PublicIdJson;

import org.springframework.core.MethodParameter;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.MissingPathVariableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.server.ServerWebInputException;

/**
 * A token that does not decode is the client's error: a 400 whose body (RFC 9457 problem detail) says which
 * parameter and why (malformed, unknown key version, failed check), never a 500, in Spring MVC and WebFlux. Only
 * exceptions caused by an {@link InvalidPublicIdException}, or a missing {@code @PublicId} parameter, are answered;
 * every other one is rethrown to Spring's usual handling. Lowest precedence: an application's own
 * {@code @ExceptionHandler} for these exceptions wins.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class PublicIdExceptionHandler {

	@ExceptionHandler({ MethodArgumentTypeMismatchException.class, HttpMessageNotReadableException.class })
	ResponseEntity<ProblemDetail> invalidPublicId(Exception ex) throws Exception {
		InvalidPublicIdException invalid = cause(ex);
		if (invalid == null) {
			if (numberRefused(ex)) {
				return numberRefused();
			}
			throw ex;
		}
		String where = (ex instanceof MethodArgumentTypeMismatchException mismatch)
				? "Parameter '" + mismatch.getName() + "': " : "Request body: ";
		return problem(where + invalid.getMessage(), invalid.reason());
	}

	/**
	 * WebFlux: a bad token in a {@code @PublicId} parameter ({@link PublicIdReactiveArgumentResolver}) or a request
	 * body (the decoder's error, caused by the codec's), answered as in Spring MVC. Other input errors go on to
	 * WebFlux's usual handling.
	 */
	@ExceptionHandler(ServerWebInputException.class)
	ResponseEntity<ProblemDetail> invalidReactiveInput(ServerWebInputException ex) {
		InvalidPublicIdException invalid = cause(ex);
		if (invalid == null) {
			if (numberRefused(ex)) {
				return numberRefused();
			}
			throw ex;
		}
		MethodParameter parameter = ex.getMethodParameter();
		String detail = (parameter != null && parameter.hasParameterAnnotation(PublicId.class)) ? ex.getReason()
				: "Request body: " + invalid.getMessage();
		return problem(detail, invalid.reason());
	}

	/**
	 * A JSON number where a token belongs: the Jackson modules refuse it with {@link PublicIdJson#NUMBER_REFUSED} (as
	 * an input mismatch, which carries no codec exception), found here by that message on any path through either
	 * module. Answered as a malformed token, so that it is the same 400 with a reason, not Spring's default one, which
	 * logs a WARN line per request.
	 */
	private static boolean numberRefused(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			String message = cause.getMessage();
			if (message != null && message.contains(PublicIdJson.NUMBER_REFUSED)) {
				return true;
			}
		}
		return false;
	}

	private static ResponseEntity<ProblemDetail> numberRefused() {
		return problem("Request body: Invalid public id: a JSON number, where a public id is its token (a JSON string)",
				InvalidPublicIdException.Reason.MALFORMED);
	}

	private static ResponseEntity<ProblemDetail> problem(String detail, InvalidPublicIdException.Reason reason) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
		problem.setTitle("Invalid public id");
		problem.setProperty("reason", reason.name());
		return ResponseEntity.badRequest().body(problem);
	}

	/**
	 * A required {@code @PublicId} parameter that is absent or blank: the client's error, answered here as a 400 with
	 * Spring's own problem detail (it names the parameter), without the WARN line Spring's default resolver logs for
	 * each of them (any client could flood the log). Other parameters are left to Spring. A path variable missing from
	 * the mapping itself (not after conversion) is a programming error and stays Spring's 500.
	 */
	@ExceptionHandler({ MissingServletRequestParameterException.class, MissingPathVariableException.class })
	ResponseEntity<ProblemDetail> missingPublicId(Exception ex) throws Exception {
		MethodParameter parameter = (ex instanceof MissingServletRequestParameterException missing)
				? missing.getMethodParameter() : ((MissingPathVariableException) ex).getParameter();
		boolean clientError = (ex instanceof MissingServletRequestParameterException)
				|| ((MissingPathVariableException) ex).isMissingAfterConversion();
		if (parameter == null || !parameter.hasParameterAnnotation(PublicId.class) || !clientError) {
			throw ex;
		}
		ProblemDetail problem = ((ErrorResponse) ex).getBody();
		problem.setStatus(HttpStatus.BAD_REQUEST.value());
		return ResponseEntity.badRequest().body(problem);
	}

	private static InvalidPublicIdException cause(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			if (cause instanceof InvalidPublicIdException invalid) {
				return invalid;
			}
		}
		return null;
	}
}
