package io.snowflakeid.spring;

import io.snowflakeid.AssignedIdRefusedException;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * An id refused as assigned by the application ({@link AssignedIdRefusedException}: negative, or ahead of the
 * clock) is, in a web application, almost always a client's id that reached the entity or record through a request
 * body: a 400 with a problem detail (RFC 9457) naming the attribute, in Spring MVC and WebFlux, not the 500 of the
 * {@code InvalidDataAccessApiUsageException} (or other wrapper) it arrives in. Spring's {@code @ExceptionHandler}
 * matches it anywhere in the cause chain. The body carries neither the exception's message (advice meant for the
 * developer) nor a stack trace, and nothing is logged per request. Lowest precedence: an application's own
 * {@code @ExceptionHandler} for the exception, or for the wrapper, wins.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class AssignedIdExceptionHandler {

	@ExceptionHandler(AssignedIdRefusedException.class)
	ResponseEntity<ProblemDetail> assignedIdRefused(Exception ex) throws Exception {
		AssignedIdRefusedException refused = cause(ex);
		if (refused == null) {
			throw ex; // not reached: the handler is chosen by this cause
		}
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "The id given for "
				+ refused.getTarget() + " is refused: ids are assigned by the server, and one given in a request is "
				+ "kept only when positive and not ahead of the clock. Leave the id out.");
		problem.setTitle("Id refused");
		problem.setProperty("attribute", refused.getTarget());
		return ResponseEntity.badRequest().body(problem);
	}

	private static AssignedIdRefusedException cause(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			if (cause instanceof AssignedIdRefusedException refused) {
				return refused;
			}
		}
		return null;
	}
}
